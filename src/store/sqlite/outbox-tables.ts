import { z } from 'zod';
import { FORGET_REPLICAS_AFTER_MS, outboxSql } from '../outbox-sql.ts';
import { CLAIM_COLUMNS, pollerRowCodec } from '../poller-rows.ts';
import type { IntentEnd, NotificationKey } from '../records.ts';
import type { NotificationStore, ReplicaStore } from '../roles.ts';
import type { SqliteDb } from './db.ts';

const codec = pollerRowCodec(
  z.number().transform((ms) => new Date(ms)),
  (date) => date.getTime(),
);
/** Named parameters, bound from an object: `:name`. */
const named = (name: string) => `:${name}`;
const sql = Object.fromEntries(
  Object.entries(outboxSql).map(([name, make]) => [name, make(named, '')]),
) as Record<keyof typeof outboxSql, string>;
const claimable = outboxSql.claimable(
  named,
  'platform IN (SELECT value FROM json_each(:platforms))',
);

const keyParams = (key: NotificationKey) => {
  const [task, platform, recipient] = codec.keyValues(key);
  return { task, platform, recipient };
};
const changed = (result: { changes: number | bigint }) => Number(result.changes) > 0;

/**
 * The outbox on SQLite: notifications with their intents, and replicas' heartbeats. Each step is
 * one statement, so processes sharing the file see every hand-over as atomic.
 */
export function sqliteOutboxTables(db: SqliteDb): NotificationStore & ReplicaStore {
  const end: Record<IntentEnd, string> = {
    done: sql.done,
    drop: sql.drop,
    follow_up: sql.followUp,
  };
  return {
    async claimNotification(claim) {
      const values = codec.claimValues(claim);
      const marks = values.map(() => '?').join(', ');
      return db.run('claimNotification', () =>
        changed(
          db
            .statement(
              `INSERT INTO notifications (${CLAIM_COLUMNS}) VALUES (${marks}) ON CONFLICT DO NOTHING`,
            )
            .run(...values),
        ),
      );
    },

    async listNotifications(query) {
      return db.run('listNotifications', () =>
        db
          .statement(
            `SELECT * FROM notifications
             WHERE task_id IN (SELECT value FROM json_each(?))
                OR (access_user_id = ? AND resolved_at IS NULL)`,
          )
          .all(JSON.stringify(query.taskIds ?? []), query.openFor ?? null)
          .map(codec.toNotification),
      );
    },

    async markNotificationSent(key, messageRef, sentAt) {
      const params = {
        ...keyParams(key),
        ref: codec.jsonValue(messageRef, 'the message reference'),
        at: sentAt.getTime(),
      };
      return db.run('markNotificationSent', () => changed(db.statement(sql.markSent).run(params)));
    },

    async resolveNotification(key, body, owner, now) {
      const params = { ...keyParams(key), body: codec.bodyValue(body), owner, now: now.getTime() };
      return db.run('resolveNotification', () => {
        const row = db.statement(sql.resolve).get(params);
        return row === undefined ? undefined : codec.toNotification(row);
      });
    },

    async remindNotification(key, body, owner, now, dueBefore) {
      const params = {
        ...keyParams(key),
        body: codec.bodyValue(body),
        owner,
        now: now.getTime(),
        dueBefore: dueBefore.getTime(),
      };
      return db.run('remindNotification', () => changed(db.statement(sql.remind).run(params)));
    },

    async completeIntent(key, owner, seq, how, now) {
      const params = {
        ...keyParams(key),
        owner,
        seq,
        ...(how === 'done' ? {} : { now: now.getTime() }),
      };
      return db.run('completeIntent', () => changed(db.statement(end[how]).run(params)));
    },

    async postponeIntent(key, owner, seq, dueAt) {
      const params = { ...keyParams(key), owner, seq, dueAt: dueAt.getTime() };
      return db.run('postponeIntent', () => changed(db.statement(sql.postpone).run(params)));
    },

    async claimIntents(owner, platforms, now, { deadBefore, staleBefore, limit }) {
      const params = {
        owner,
        platforms: JSON.stringify(platforms),
        now: now.getTime(),
        deadBefore: deadBefore.getTime(),
        staleBefore: staleBefore.getTime(),
        limit,
      };
      return db.run('claimIntents', () =>
        db
          .statement(
            `UPDATE notifications SET intent_owner = :owner, intent_owned_at = :now,
               intent_seq = intent_seq + 1
             WHERE rowid IN (SELECT rowid FROM notifications WHERE ${claimable})
             RETURNING *`,
          )
          .all(params)
          .map(codec.toNotification),
      );
    },

    async beat(replica, now) {
      db.run('beat', () =>
        db.transaction(() => {
          db.statement(sql.beat).run({ owner: replica, now: now.getTime() });
          db.statement(sql.forget).run({ before: now.getTime() - FORGET_REPLICAS_AFTER_MS });
        }),
      );
    },

    async retire(replica) {
      db.run('retire', () => db.statement(sql.retire).run({ owner: replica }));
    },
  };
}
