/**
 * The outbox and heartbeats: each step is one statement, so every hand-over is atomic; a
 * decision's own edit is recorded with its audit entry in one commit.
 */
import type { z } from 'zod';
import {
  IntentBody,
  type IntentEnd,
  JsonObject,
  Notification,
  NotificationClaim,
  NotificationKey,
} from '../records.ts';
import type { NotificationStore, ReplicaStore } from '../roles.ts';
import {
  checkedInput,
  insert,
  raw,
  rowReader,
  type Sql,
  type SqlDb,
  sql,
  storedJson,
} from '../sql.ts';
import { completeChained } from './audit.ts';

/** Its heartbeat row is then deleted. */
const FORGET_REPLICAS_AFTER_MS = 24 * 3_600_000;

const toNotification = rowReader('notifications', Notification, {
  json: ['destination', 'messageRef', 'intentBody'],
  shape: ({ intentKind, intentBody, intentOwner, intentOwnedAt, intentDueAt, ...row }) => ({
    ...row,
    intent:
      intentKind === null
        ? null
        : {
            kind: intentKind,
            body: intentBody,
            owner: intentOwner,
            ownedAt: intentOwnedAt,
            dueAt: intentDueAt,
            attempts: row.intentAttempts,
            seq: row.intentSeq,
          },
  }),
});

const json = <T>(schema: z.ZodType<T>, value: T, what: string) =>
  storedJson(checkedInput(schema, value, what));

function keyOf(key: NotificationKey): Sql {
  const k = checkedInput(NotificationKey, key, 'the notification key');
  return sql`task_id = ${k.taskId} AND platform = ${k.platform} AND recipient = ${k.recipient}`;
}

/** The intent `owner` holds at `seq`: only it may be ended or postponed. */
const mine = (key: NotificationKey, owner: string, seq: number) =>
  sql`${keyOf(key)} AND intent_owner = ${owner} AND intent_seq = ${seq}`;

const CLEARED = raw(`intent_kind = NULL, intent_body = NULL, intent_owner = NULL,
  intent_owned_at = NULL, intent_due_at = NULL, intent_attempts = 0, intent_seq = intent_seq + 1`);

/** A `post` intent ends when its message is known; any other intent stays. */
const IF_POST = raw(
  ['intent_body', 'intent_owner', 'intent_owned_at', 'intent_due_at', 'intent_kind']
    .map((column) => `${column} = CASE WHEN intent_kind = 'post' THEN NULL ELSE ${column} END`)
    .join(', '),
);
const TAKES_OWNER = raw('intent_kind IS NULL OR intent_owner IS NULL');
/** Sent, idle, undecided. */
const EDITABLE = raw('message_ref IS NOT NULL AND resolved_at IS NULL AND intent_kind IS NULL');

const edit = (kind: 'reminder' | 'refresh' | 'look', body: IntentBody, owner: string, now: Date) =>
  sql`intent_kind = ${kind}, intent_body = ${json(IntentBody, body, 'the intent body')},
      intent_owner = ${owner}, intent_owned_at = ${now}, intent_due_at = ${now},
      intent_attempts = 0, intent_seq = intent_seq + 1`;

export function outboxTables(db: SqlDb): NotificationStore & ReplicaStore {
  const changed = async (operation: string, statement: Sql) =>
    (await db.run(operation, statement)) > 0;
  const end: Record<IntentEnd, (now: Date) => Sql> = {
    done: () => CLEARED,
    drop: (now) => sql`${CLEARED}, resolved_at = coalesce(resolved_at, ${now})`,
    follow_up: (now) => sql`intent_kind = 'follow_up', intent_owned_at = ${now},
      intent_attempts = 0, intent_seq = intent_seq + 1`,
    lost: (now) => sql`${CLEARED}, lost_at = ${now}`,
  };
  return {
    async claimNotification(claim) {
      const c = checkedInput(NotificationClaim, claim, 'the claim');
      const { body, dueAt = c.claimedAt, ...notification } = c;
      // Due later: the intent waits for any replica.
      const later = dueAt > c.claimedAt;
      const row = {
        ...notification,
        intentKind: 'post',
        intentBody: body,
        intentOwner: later ? null : c.claimedBy,
        intentOwnedAt: later ? null : c.claimedAt,
        intentDueAt: dueAt,
        intentAttempts: 0,
        intentSeq: 1,
      };
      return changed(
        'claimNotification',
        sql`${insert('notifications', row)} ON CONFLICT DO NOTHING`,
      );
    },

    async listNotifications(query) {
      const rows = await db.all(
        'listNotifications',
        sql`SELECT * FROM notifications
            WHERE task_id IN (SELECT value FROM ${db.list(query.taskIds ?? [])})
               OR (access_user_id = ${query.openFor ?? null} AND resolved_at IS NULL)`,
      );
      return rows.map(toNotification);
    },

    async markNotificationSent(key, messageRef, sentAt) {
      const ref = json(JsonObject, messageRef, 'the message reference');
      return changed(
        'markNotificationSent',
        sql`UPDATE notifications SET message_ref = ${ref}, sent_at = ${sentAt},
              intent_attempts = CASE WHEN intent_kind = 'post' THEN 0 ELSE intent_attempts END,
              intent_seq = CASE WHEN intent_kind = 'post' THEN intent_seq + 1 ELSE intent_seq END,
              ${IF_POST}
            WHERE ${keyOf(key)} AND message_ref IS NULL`,
      );
    },

    async resolveNotification(key, body, owner, now) {
      const [row] = await db.all(
        'resolveNotification',
        sql`UPDATE notifications SET resolved_at = ${now},
              intent_owner = CASE WHEN ${TAKES_OWNER} THEN ${owner} ELSE intent_owner END,
              intent_owned_at = CASE WHEN ${TAKES_OWNER} THEN ${now} ELSE intent_owned_at END,
              intent_kind = 'outcome', intent_body = ${json(IntentBody, body, 'the intent body')},
              intent_due_at = ${now}, intent_attempts = 0, intent_seq = intent_seq + 1
            WHERE ${keyOf(key)} AND resolved_at IS NULL
            RETURNING *`,
      );
      return row && toNotification(row);
    },

    async settleEdited(key, seq, now, decision) {
      const settle = sql`UPDATE notifications SET resolved_at = ${now}, intent_seq = intent_seq + 1
            WHERE ${keyOf(key)} AND intent_seq = ${seq} AND resolved_at IS NULL
              AND intent_kind IS NULL`;
      if (!decision) return (await db.run('settleEdited', settle)) > 0;
      const done = await completeChained(db, 'settleEdited', decision.id, decision, [settle]);
      return done.before[0]! > 0;
    },

    async remindNotification(key, body, owner, now, dueBefore) {
      return changed(
        'remindNotification',
        sql`UPDATE notifications SET reminded_at = ${now}, ${edit('reminder', body, owner, now)}
            WHERE ${keyOf(key)} AND ${EDITABLE} AND coalesce(reminded_at, sent_at) <= ${dueBefore}`,
      );
    },

    async refreshNotification(key, body, owner, now, shows) {
      return changed(
        'refreshNotification',
        sql`UPDATE notifications SET ${edit('refresh', body, owner, now)},
              shown_version = coalesce(${shows ?? null}, shown_version)
            WHERE ${keyOf(key)} AND ${EDITABLE}`,
      );
    },

    async staleCards(taskIds) {
      if (!taskIds.length) return;
      await db.run(
        'staleCards',
        sql`UPDATE notifications SET card_version = card_version + 1
            WHERE task_id IN (SELECT value FROM ${db.list(taskIds)}) AND resolved_at IS NULL`,
      );
    },

    async lookNotification(key, body, owner, now, endsAt) {
      return changed(
        'lookNotification',
        sql`UPDATE notifications SET look_ends_at = ${endsAt}, ${edit('look', body, owner, now)}
            WHERE ${keyOf(key)} AND ${EDITABLE}`,
      );
    },

    async completeIntent(key, owner, seq, how, now) {
      return changed(
        'completeIntent',
        sql`UPDATE notifications SET ${end[how](now)} WHERE ${mine(key, owner, seq)}`,
      );
    },

    async markPostTried(key, owner, seq, now) {
      return changed(
        'markPostTried',
        sql`UPDATE notifications SET tried_at = ${now} WHERE ${mine(key, owner, seq)}`,
      );
    },

    async postponeIntent(key, owner, seq, dueAt) {
      return changed(
        'postponeIntent',
        sql`UPDATE notifications SET intent_owner = NULL, intent_owned_at = NULL,
              intent_due_at = ${dueAt}, intent_attempts = intent_attempts + 1,
              intent_seq = intent_seq + 1
            WHERE ${mine(key, owner, seq)}`,
      );
    },

    async claimIntents(owner, platforms, now, { deadBefore, staleBefore, limit }) {
      const rows = await db.all(
        'claimIntents',
        // The columns of `due` are named apart: SQLite's RETURNING takes no `table.*`.
        sql`UPDATE notifications SET intent_owner = ${owner}, intent_owned_at = ${now},
              intent_seq = intent_seq + 1
            FROM (SELECT task_id AS due_task, platform AS due_platform, recipient AS due_recipient
                  FROM notifications
                  WHERE intent_kind IS NOT NULL
                    AND platform IN (SELECT value FROM ${db.list(platforms)})
                    AND ((intent_owner IS NULL AND intent_due_at <= ${now})
                      OR (intent_owner <> ${owner} AND intent_owner NOT IN
                            (SELECT id FROM replicas WHERE heartbeat_at >= ${deadBefore}))
                      OR intent_owned_at < ${staleBefore})
                  ORDER BY intent_due_at LIMIT ${limit} ${db.skipLocked}) AS due
            WHERE task_id = due_task AND platform = due_platform AND recipient = due_recipient
            RETURNING *`,
      );
      return rows.map(toNotification);
    },

    async beat(replica, now) {
      const before = new Date(now.getTime() - FORGET_REPLICAS_AFTER_MS);
      await db.batch('beat', [
        sql`INSERT INTO replicas (id, heartbeat_at) VALUES (${replica}, ${now})
            ON CONFLICT (id) DO UPDATE SET heartbeat_at = excluded.heartbeat_at`,
        // Rows of replicas long gone, so the table does not grow with every restart.
        sql`DELETE FROM replicas WHERE heartbeat_at < ${before}`,
      ]);
    },

    async retire(replica) {
      await db.run('retire', sql`DELETE FROM replicas WHERE id = ${replica}`);
    },

    async liveReplicas(since) {
      const [row] = await db.all(
        'liveReplicas',
        sql`SELECT count(*) AS live FROM replicas WHERE heartbeat_at >= ${since}`,
      );
      return Number(row?.live);
    },
  };
}
