import { z } from 'zod';
import { oldestDueFirst, pollerRowCodec, REQUEST_COLUMNS } from '../poller-rows.ts';
import type { BotRequest, CompletedPoll, JsonObject, Platform, PollUser } from '../records.ts';
import type { ConversationRefStore, PollScheduleStore, RequestStore } from '../roles.ts';
import type { SqliteDb } from './db.ts';

const codec = pollerRowCodec(
  z.number().transform((ms) => new Date(ms)),
  (date) => date.getTime(),
);
const ms = (date: Date) => date.getTime();

/**
 * The poller's tables on SQLite: requests, the poll schedule and conversation
 * references. Each write is one statement (or one IMMEDIATE transaction), so processes sharing
 * the file see every claim as atomic.
 */
export function sqlitePollerTables(
  db: SqliteDb,
): RequestStore & PollScheduleStore & ConversationRefStore {
  return {
    async recordRequest(request: BotRequest): Promise<void> {
      const values = codec.requestValues(request);
      db.run('recordRequest', () => {
        const sql = `INSERT INTO bot_requests (${REQUEST_COLUMNS}) VALUES (?, ?, ?, ?, ?)
                   ON CONFLICT DO NOTHING`;
        db.statement(sql).run(...values);
      });
    },

    async listOpenRequests(): Promise<BotRequest[]> {
      return db.run('listOpenRequests', () =>
        db
          .statement(`SELECT * FROM bot_requests WHERE outcome_sent_at IS NULL
         ORDER BY requested_at, access_id`)
          .all()
          .map(codec.toRequest),
      );
    },

    async claimRequestOutcome(
      accessId: string,
      claimedBy: string,
      now: Date,
      staleBefore: Date,
    ): Promise<boolean> {
      return db.run('claimRequestOutcome', () => {
        const sql = `UPDATE bot_requests SET outcome_claimed_at = ?, outcome_claimed_by = ?
                   WHERE access_id = ? AND outcome_sent_at IS NULL
                     AND (outcome_claimed_at IS NULL OR outcome_claimed_at < ?)`;
        return db.statement(sql).run(ms(now), claimedBy, accessId, ms(staleBefore)).changes > 0;
      });
    },

    async markRequestOutcomeSent(accessId: string, sentAt: Date): Promise<void> {
      db.run('markRequestOutcomeSent', () => {
        const sql = 'UPDATE bot_requests SET outcome_sent_at = ? WHERE access_id = ?';
        db.statement(sql).run(ms(sentAt), accessId);
      });
    },

    async syncPollUsers(users: PollUser[]): Promise<{ added: number; removed: number }> {
      const rows = JSON.stringify(
        codec.pollUsers(users).map((u) => ({ id: u.accessUserId, due: ms(u.firstDueAt) })),
      );
      return db.run('syncPollUsers', () => {
        return db.transaction(() => {
          // `WHERE true` tells SQLite's parser that ON CONFLICT belongs to the INSERT.
          const added = db
            .statement(`INSERT INTO poll_schedule (access_user_id, next_due_at)
             SELECT value ->> 'id', value ->> 'due' FROM json_each(?) WHERE true
             ON CONFLICT DO NOTHING`)
            .run(rows).changes;
          const removed = db
            .statement(`DELETE FROM poll_schedule
             WHERE access_user_id NOT IN (SELECT value ->> 'id' FROM json_each(?))`)
            .run(rows).changes;
          return { added: Number(added), removed: Number(removed) };
        });
      });
    },

    async claimDuePollUsers(
      owner: string,
      dueBy: Date,
      now: Date,
      leaseUntil: Date,
      limit: number,
    ): Promise<string[]> {
      return db.run('claimDuePollUsers', () =>
        db
          .statement(`UPDATE poll_schedule SET lease_owner = ?, lease_expires_at = ?, poked = 0
           WHERE access_user_id IN (
             SELECT access_user_id FROM poll_schedule
             WHERE next_due_at <= ? AND (lease_owner IS NULL OR lease_expires_at <= ?)
             ORDER BY next_due_at, access_user_id LIMIT ?)
           RETURNING access_user_id, next_due_at`)
          .all(owner, ms(leaseUntil), ms(dueBy), ms(now), limit)
          .map((row) => ({ id: String(row.access_user_id), due: Number(row.next_due_at) }))
          .sort(oldestDueFirst)
          .map((row) => row.id),
      );
    },

    async completePolls(owner: string, polls: CompletedPoll[]): Promise<void> {
      const valid = codec.completedPolls(polls);
      db.run('completePolls', () => {
        const update = db.statement(`UPDATE poll_schedule
         SET next_due_at = CASE WHEN poked = 1 THEN next_due_at ELSE ? END,
             poked = 0, lease_owner = NULL, lease_expires_at = NULL
         WHERE access_user_id = ? AND lease_owner = ?`);
        db.transaction(() => {
          for (const poll of valid) update.run(ms(poll.nextDueAt), poll.accessUserId, owner);
        });
      });
    },

    async markPollDue(accessUserIds: string[] | 'all', now: Date): Promise<void> {
      db.run('markPollDue', () => {
        const set = 'UPDATE poll_schedule SET next_due_at = min(next_due_at, ?), poked = 1';
        if (accessUserIds === 'all') return void db.statement(set).run(ms(now));
        db.statement(`${set} WHERE access_user_id IN (SELECT value FROM json_each(?))`).run(
          ms(now),
          JSON.stringify(accessUserIds),
        );
      });
    },

    async releasePollLeases(owner: string): Promise<void> {
      db.run('releasePollLeases', () => {
        const sql = `UPDATE poll_schedule SET lease_owner = NULL, lease_expires_at = NULL
                   WHERE lease_owner = ?`;
        db.statement(sql).run(owner);
      });
    },

    async claimScheduledRun(job: string, now: Date, nextRunAt: Date): Promise<boolean> {
      return db.run('claimScheduledRun', () => {
        const sql = `INSERT INTO scheduled_runs (job, next_run_at) VALUES (?, ?)
                   ON CONFLICT (job) DO UPDATE SET next_run_at = excluded.next_run_at
                   WHERE scheduled_runs.next_run_at <= ?`;
        return db.statement(sql).run(job, ms(nextRunAt), ms(now)).changes > 0;
      });
    },

    async saveConversationRef(
      platform: Platform,
      chatUserId: string,
      ref: JsonObject,
    ): Promise<void> {
      const values = codec.conversationRefValues(platform, chatUserId, ref);
      db.run('saveConversationRef', () => {
        const sql = `INSERT OR REPLACE INTO conversation_refs (platform, chat_user_id, ref)
                   VALUES (?, ?, ?)`;
        db.statement(sql).run(...values);
      });
    },

    async getConversationRef(
      platform: Platform,
      chatUserId: string,
    ): Promise<JsonObject | undefined> {
      return db.run('getConversationRef', () => {
        const row = db
          .statement('SELECT * FROM conversation_refs WHERE platform = ? AND chat_user_id = ?')
          .get(platform, chatUserId);
        return row === undefined ? undefined : codec.toConversationRef(row);
      });
    },

    async deleteConversationRef(platform: Platform, chatUserId: string): Promise<void> {
      db.run('deleteConversationRef', () => {
        const sql = 'DELETE FROM conversation_refs WHERE platform = ? AND chat_user_id = ?';
        db.statement(sql).run(platform, chatUserId);
      });
    },
  };
}
