import type { DatabaseSync, StatementSync } from 'node:sqlite';
import { z } from 'zod';
import { CLAIM_COLUMNS, oldestDueFirst, pollerRowCodec, REQUEST_COLUMNS } from '../poller-rows.ts';
import type {
  BotRequest,
  CompletedPoll,
  ConversationRefEntry,
  JsonObject,
  Notification,
  NotificationClaim,
  NotificationKey,
  Platform,
  PollerTables,
  PollUser,
} from '../store.ts';

const codec = pollerRowCodec(
  z.number().transform((ms) => new Date(ms)),
  (date) => date.getTime(),
);
const ms = (date: Date) => date.getTime();
const KEY = 'task_id = ? AND platform = ? AND recipient = ?';

/**
 * The poller's tables on SQLite: notifications, requests, the poll schedule and conversation
 * references. `SqliteStore` extends it and supplies `run`, which refuses calls once closed and
 * maps errors. Each write is one statement (or one IMMEDIATE transaction), so processes sharing
 * the file see every claim as atomic.
 */
export abstract class SqlitePollerTables implements PollerTables {
  /** Compiled once: a sweep runs these statements thousands of times. */
  readonly #statements = new Map<string, StatementSync>();

  protected abstract run<T>(operation: string, work: (db: DatabaseSync) => T): T;

  #prepare(db: DatabaseSync, sql: string): StatementSync {
    let statement = this.#statements.get(sql);
    if (!statement) {
      statement = db.prepare(sql);
      this.#statements.set(sql, statement);
    }
    return statement;
  }

  async claimNotification(claim: NotificationClaim): Promise<boolean> {
    const values = codec.claimValues(claim);
    return this.run('claimNotification', (db) => {
      const sql = `INSERT INTO notifications (${CLAIM_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?)
                   ON CONFLICT DO NOTHING`;
      return this.#prepare(db, sql).run(...values).changes > 0;
    });
  }

  async reclaimNotification(
    key: NotificationKey,
    claimedBy: string,
    now: Date,
    staleBefore: Date,
  ): Promise<boolean> {
    const keyValues = codec.keyValues(key);
    return this.run('reclaimNotification', (db) => {
      const sql = `UPDATE notifications SET claimed_at = ?, claimed_by = ?
                   WHERE ${KEY} AND message_ref IS NULL AND resolved_at IS NULL AND claimed_at < ?`;
      return (
        this.#prepare(db, sql).run(ms(now), claimedBy, ...keyValues, ms(staleBefore)).changes > 0
      );
    });
  }

  async markNotificationSent(key: NotificationKey, ref: JsonObject, sentAt: Date): Promise<void> {
    const keyValues = codec.keyValues(key);
    const json = codec.jsonValue(ref, 'the message reference');
    this.run('markNotificationSent', (db) => {
      const sql = `UPDATE notifications SET message_ref = ?, sent_at = ? WHERE ${KEY}`;
      this.#prepare(db, sql).run(json, ms(sentAt), ...keyValues);
    });
  }

  async listNotifications(query: {
    taskIds?: string[];
    openFor?: string;
  }): Promise<Notification[]> {
    return this.run('listNotifications', (db) =>
      this.#prepare(
        db,
        `SELECT * FROM notifications
           WHERE task_id IN (SELECT value FROM json_each(?))
              OR (access_user_id = ? AND resolved_at IS NULL)`,
      )
        .all(JSON.stringify(query.taskIds ?? []), query.openFor ?? null)
        .map(codec.toNotification),
    );
  }

  async resolveNotification(key: NotificationKey, resolvedAt: Date): Promise<boolean> {
    const keyValues = codec.keyValues(key);
    return this.run('resolveNotification', (db) => {
      const sql = `UPDATE notifications SET resolved_at = ? WHERE ${KEY} AND resolved_at IS NULL`;
      return this.#prepare(db, sql).run(ms(resolvedAt), ...keyValues).changes > 0;
    });
  }

  async reopenNotification(key: NotificationKey): Promise<void> {
    const keyValues = codec.keyValues(key);
    this.run('reopenNotification', (db) => {
      this.#prepare(db, `UPDATE notifications SET resolved_at = NULL WHERE ${KEY}`).run(
        ...keyValues,
      );
    });
  }

  async markReminded(key: NotificationKey, remindedAt: Date, dueBefore: Date): Promise<boolean> {
    const keyValues = codec.keyValues(key);
    return this.run('markReminded', (db) => {
      const sql = `UPDATE notifications SET reminded_at = ?
                   WHERE ${KEY} AND message_ref IS NOT NULL AND resolved_at IS NULL
                     AND coalesce(reminded_at, sent_at) <= ?`;
      return this.#prepare(db, sql).run(ms(remindedAt), ...keyValues, ms(dueBefore)).changes > 0;
    });
  }

  async recordRequest(request: BotRequest): Promise<void> {
    const values = codec.requestValues(request);
    this.run('recordRequest', (db) => {
      const sql = `INSERT INTO bot_requests (${REQUEST_COLUMNS}) VALUES (?, ?, ?, ?, ?)
                   ON CONFLICT DO NOTHING`;
      this.#prepare(db, sql).run(...values);
    });
  }

  async listOpenRequests(): Promise<BotRequest[]> {
    return this.run('listOpenRequests', (db) =>
      this.#prepare(
        db,
        `SELECT * FROM bot_requests WHERE outcome_sent_at IS NULL
         ORDER BY requested_at, access_id`,
      )
        .all()
        .map(codec.toRequest),
    );
  }

  async claimRequestOutcome(
    accessId: string,
    claimedBy: string,
    now: Date,
    staleBefore: Date,
  ): Promise<boolean> {
    return this.run('claimRequestOutcome', (db) => {
      const sql = `UPDATE bot_requests SET outcome_claimed_at = ?, outcome_claimed_by = ?
                   WHERE access_id = ? AND outcome_sent_at IS NULL
                     AND (outcome_claimed_at IS NULL OR outcome_claimed_at < ?)`;
      return this.#prepare(db, sql).run(ms(now), claimedBy, accessId, ms(staleBefore)).changes > 0;
    });
  }

  async markRequestOutcomeSent(accessId: string, sentAt: Date): Promise<void> {
    this.run('markRequestOutcomeSent', (db) => {
      const sql = 'UPDATE bot_requests SET outcome_sent_at = ? WHERE access_id = ?';
      this.#prepare(db, sql).run(ms(sentAt), accessId);
    });
  }

  async syncPollUsers(users: PollUser[]): Promise<{ added: number; removed: number }> {
    const rows = JSON.stringify(
      codec.pollUsers(users).map((u) => ({ id: u.accessUserId, due: ms(u.firstDueAt) })),
    );
    return this.run('syncPollUsers', (db) => {
      db.exec('BEGIN IMMEDIATE');
      try {
        // `WHERE true` tells SQLite's parser that ON CONFLICT belongs to the INSERT.
        const added = this.#prepare(
          db,
          `INSERT INTO poll_schedule (access_user_id, next_due_at)
             SELECT value ->> 'id', value ->> 'due' FROM json_each(?) WHERE true
             ON CONFLICT DO NOTHING`,
        ).run(rows).changes;
        const removed = this.#prepare(
          db,
          `DELETE FROM poll_schedule
             WHERE access_user_id NOT IN (SELECT value ->> 'id' FROM json_each(?))`,
        ).run(rows).changes;
        db.exec('COMMIT');
        return { added: Number(added), removed: Number(removed) };
      } catch (error) {
        db.exec('ROLLBACK');
        throw error;
      }
    });
  }

  async claimDuePollUsers(
    owner: string,
    dueBy: Date,
    now: Date,
    leaseUntil: Date,
    limit: number,
  ): Promise<string[]> {
    return this.run('claimDuePollUsers', (db) =>
      this.#prepare(
        db,
        `UPDATE poll_schedule SET lease_owner = ?, lease_expires_at = ?, poked = 0
           WHERE access_user_id IN (
             SELECT access_user_id FROM poll_schedule
             WHERE next_due_at <= ? AND (lease_owner IS NULL OR lease_expires_at <= ?)
             ORDER BY next_due_at, access_user_id LIMIT ?)
           RETURNING access_user_id, next_due_at`,
      )
        .all(owner, ms(leaseUntil), ms(dueBy), ms(now), limit)
        .map((row) => ({ id: String(row.access_user_id), due: Number(row.next_due_at) }))
        .sort(oldestDueFirst)
        .map((row) => row.id),
    );
  }

  async completePolls(owner: string, polls: CompletedPoll[]): Promise<void> {
    const valid = codec.completedPolls(polls);
    this.run('completePolls', (db) => {
      const update = this.#prepare(
        db,
        `UPDATE poll_schedule
         SET next_due_at = CASE WHEN poked = 1 THEN next_due_at ELSE ? END,
             poked = 0, lease_owner = NULL, lease_expires_at = NULL
         WHERE access_user_id = ? AND lease_owner = ?`,
      );
      db.exec('BEGIN IMMEDIATE');
      try {
        for (const poll of valid) update.run(ms(poll.nextDueAt), poll.accessUserId, owner);
        db.exec('COMMIT');
      } catch (error) {
        db.exec('ROLLBACK');
        throw error;
      }
    });
  }

  async markPollDue(accessUserIds: string[] | 'all', now: Date): Promise<void> {
    this.run('markPollDue', (db) => {
      const set = 'UPDATE poll_schedule SET next_due_at = min(next_due_at, ?), poked = 1';
      if (accessUserIds === 'all') return void this.#prepare(db, set).run(ms(now));
      this.#prepare(db, `${set} WHERE access_user_id IN (SELECT value FROM json_each(?))`).run(
        ms(now),
        JSON.stringify(accessUserIds),
      );
    });
  }

  async releasePollLeases(owner: string): Promise<void> {
    this.run('releasePollLeases', (db) => {
      const sql = `UPDATE poll_schedule SET lease_owner = NULL, lease_expires_at = NULL
                   WHERE lease_owner = ?`;
      this.#prepare(db, sql).run(owner);
    });
  }

  async claimScheduledRun(job: string, now: Date, nextRunAt: Date): Promise<boolean> {
    return this.run('claimScheduledRun', (db) => {
      const sql = `INSERT INTO scheduled_runs (job, next_run_at) VALUES (?, ?)
                   ON CONFLICT (job) DO UPDATE SET next_run_at = excluded.next_run_at
                   WHERE scheduled_runs.next_run_at <= ?`;
      return this.#prepare(db, sql).run(job, ms(nextRunAt), ms(now)).changes > 0;
    });
  }

  async saveConversationRef(
    platform: Platform,
    chatUserId: string,
    ref: JsonObject,
  ): Promise<void> {
    const values = codec.conversationRefValues(platform, chatUserId, ref);
    this.run('saveConversationRef', (db) => {
      const sql = `INSERT OR REPLACE INTO conversation_refs (platform, chat_user_id, ref)
                   VALUES (?, ?, ?)`;
      this.#prepare(db, sql).run(...values);
    });
  }

  async getConversationRef(
    platform: Platform,
    chatUserId: string,
  ): Promise<JsonObject | undefined> {
    return this.run('getConversationRef', (db) => {
      const row = this.#prepare(
        db,
        'SELECT * FROM conversation_refs WHERE platform = ? AND chat_user_id = ?',
      ).get(platform, chatUserId);
      return row === undefined ? undefined : codec.toConversationRef(row).ref;
    });
  }

  async deleteConversationRef(platform: Platform, chatUserId: string): Promise<void> {
    this.run('deleteConversationRef', (db) => {
      const sql = 'DELETE FROM conversation_refs WHERE platform = ? AND chat_user_id = ?';
      this.#prepare(db, sql).run(platform, chatUserId);
    });
  }

  async listConversationRefs(platform: Platform): Promise<ConversationRefEntry[]> {
    return this.run('listConversationRefs', (db) =>
      this.#prepare(db, 'SELECT * FROM conversation_refs WHERE platform = ? ORDER BY chat_user_id')
        .all(platform)
        .map(codec.toConversationRef),
    );
  }
}
