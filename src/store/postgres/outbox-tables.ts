import { z } from 'zod';
import { FORGET_REPLICAS_AFTER_MS, outboxSql } from '../outbox-sql.ts';
import { CLAIM_COLUMNS, pollerRowCodec } from '../poller-rows.ts';
import type { IntentEnd, NotificationKey } from '../records.ts';
import type { NotificationStore, ReplicaStore } from '../roles.ts';
import { changed, type PgDb } from './db.ts';

/** pg reads timestamptz as Date and writes Date as timestamptz. */
const codec = pollerRowCodec(z.date(), (date) => date);

/** A statement with numbered placeholders, and the names of its parameters in their order. */
interface Compiled {
  text: string;
  names: string[];
}

function compile(make: (p: (name: string) => string) => string): Compiled {
  const names: string[] = [];
  const text = make((name) => {
    if (!names.includes(name)) names.push(name);
    return `$${names.indexOf(name) + 1}`;
  });
  return { text, names };
}

const sql = {
  markSent: compile(outboxSql.markSent),
  resolve: compile(outboxSql.resolve),
  remind: compile(outboxSql.remind),
  done: compile(outboxSql.done),
  drop: compile(outboxSql.drop),
  follow_up: compile(outboxSql.followUp),
  postpone: compile(outboxSql.postpone),
  beat: compile(outboxSql.beat),
  forget: compile(outboxSql.forget),
  retire: compile(outboxSql.retire),
  claim: compile(
    (p) => `UPDATE notifications n SET intent_owner = ${p('owner')}, intent_owned_at = ${p('now')},
        intent_seq = n.intent_seq + 1
      FROM (SELECT task_id, platform, recipient FROM notifications
            WHERE ${outboxSql.claimable(p, `platform = ANY(${p('platforms')}::text[])`)}
            FOR UPDATE SKIP LOCKED) due
      WHERE n.task_id = due.task_id AND n.platform = due.platform AND n.recipient = due.recipient
      RETURNING n.*`,
  ),
};

const valuesOf = (statement: Compiled, params: Record<string, unknown>) =>
  statement.names.map((name) => params[name]);

const keyParams = (key: NotificationKey) => {
  const [task, platform, recipient] = codec.keyValues(key);
  return { task, platform, recipient };
};

/** The outbox on PostgreSQL (see the SQLite twin); intents change hands with SKIP LOCKED. */
export function postgresOutboxTables(db: PgDb): NotificationStore & ReplicaStore {
  const run = (operation: string, statement: Compiled, params: Record<string, unknown>) =>
    db.query(operation, statement.text, valuesOf(statement, params));
  const ends: Record<IntentEnd, Compiled> = {
    done: sql.done,
    drop: sql.drop,
    follow_up: sql.follow_up,
  };
  return {
    async claimNotification(claim) {
      const values = codec.claimValues(claim);
      const marks = values.map((_, n) => `$${n + 1}`).join(', ');
      const text = `INSERT INTO notifications (${CLAIM_COLUMNS}) VALUES (${marks}) ON CONFLICT DO NOTHING`;
      return changed(await db.query('claimNotification', text, values));
    },

    async listNotifications(query) {
      const text = `SELECT * FROM notifications
        WHERE task_id = ANY($1::text[]) OR (access_user_id = $2 AND resolved_at IS NULL)`;
      const values = [query.taskIds ?? [], query.openFor ?? null];
      return (await db.rows('listNotifications', text, values)).map(codec.toNotification);
    },

    async markNotificationSent(key, messageRef, sentAt) {
      const ref = codec.jsonValue(messageRef, 'the message reference');
      return changed(
        await run('markNotificationSent', sql.markSent, { ...keyParams(key), ref, at: sentAt }),
      );
    },

    async resolveNotification(key, body, owner, now) {
      const params = { ...keyParams(key), body: codec.bodyValue(body), owner, now };
      const { rows } = await run('resolveNotification', sql.resolve, params);
      return rows[0] === undefined ? undefined : codec.toNotification(rows[0]);
    },

    async remindNotification(key, body, owner, now, dueBefore) {
      const params = { ...keyParams(key), body: codec.bodyValue(body), owner, now, dueBefore };
      return changed(await run('remindNotification', sql.remind, params));
    },

    async completeIntent(key, owner, seq, how, now) {
      return changed(
        await run('completeIntent', ends[how], { ...keyParams(key), owner, seq, now }),
      );
    },

    async postponeIntent(key, owner, seq, dueAt) {
      return changed(
        await run('postponeIntent', sql.postpone, { ...keyParams(key), owner, seq, dueAt }),
      );
    },

    async claimIntents(owner, platforms, now, { deadBefore, staleBefore, limit }) {
      const params = { owner, platforms, now, deadBefore, staleBefore, limit };
      const { rows } = await run('claimIntents', sql.claim, params);
      return rows.map(codec.toNotification);
    },

    async beat(replica, now) {
      await db.transaction('beat', async (query) => {
        await query(sql.beat.text, valuesOf(sql.beat, { owner: replica, now }));
        const before = new Date(now.getTime() - FORGET_REPLICAS_AFTER_MS);
        await query(sql.forget.text, valuesOf(sql.forget, { before }));
      });
    },

    async retire(replica) {
      await run('retire', sql.retire, { owner: replica });
    },
  };
}
