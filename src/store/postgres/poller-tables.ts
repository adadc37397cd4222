import { z } from 'zod';
import { oldestDueFirst, pollerRowCodec, REQUEST_COLUMNS } from '../poller-rows.ts';
import type { BotRequest, CompletedPoll, JsonObject, Platform, PollUser } from '../records.ts';
import type { ConversationRefStore, PollScheduleStore, RequestStore } from '../roles.ts';
import { changed, type PgDb } from './db.ts';

/** pg reads timestamptz as Date and writes Date as timestamptz. */
const codec = pollerRowCodec(z.date(), (date) => date);

/**
 * The poller's tables on PostgreSQL (see the SQLite twin for what each does). Replicas claim due
 * users with `FOR UPDATE SKIP LOCKED`, so two of them never wait for, nor take, the same rows.
 */
export function postgresPollerTables(
  db: PgDb,
): RequestStore & PollScheduleStore & ConversationRefStore {
  return {
    async recordRequest(request: BotRequest): Promise<void> {
      const sql = `INSERT INTO bot_requests (${REQUEST_COLUMNS}) VALUES ($1, $2, $3, $4::jsonb, $5)
                 ON CONFLICT DO NOTHING`;
      await db.query('recordRequest', sql, codec.requestValues(request));
    },

    async listOpenRequests(): Promise<BotRequest[]> {
      const sql = `SELECT * FROM bot_requests WHERE outcome_sent_at IS NULL
                 ORDER BY requested_at, access_id`;
      return (await db.query('listOpenRequests', sql)).rows.map(codec.toRequest);
    },

    async claimRequestOutcome(
      accessId: string,
      claimedBy: string,
      now: Date,
      staleBefore: Date,
    ): Promise<boolean> {
      const sql = `UPDATE bot_requests SET outcome_claimed_at = $2, outcome_claimed_by = $3
                 WHERE access_id = $1 AND outcome_sent_at IS NULL
                   AND (outcome_claimed_at IS NULL OR outcome_claimed_at < $4)`;
      const values = [accessId, now, claimedBy, staleBefore];
      return changed(await db.query('claimRequestOutcome', sql, values));
    },

    async markRequestOutcomeSent(accessId: string, sentAt: Date): Promise<void> {
      const sql = 'UPDATE bot_requests SET outcome_sent_at = $2 WHERE access_id = $1';
      await db.query('markRequestOutcomeSent', sql, [accessId, sentAt]);
    },

    async syncPollUsers(users: PollUser[]): Promise<{ added: number; removed: number }> {
      const valid = codec.pollUsers(users);
      const ids = valid.map((u) => u.accessUserId);
      const dues = valid.map((u) => u.firstDueAt);
      return db.transaction('syncPollUsers', async (query) => {
        const added = await query(
          `INSERT INTO poll_schedule (access_user_id, next_due_at)
         SELECT * FROM unnest($1::text[], $2::timestamptz[]) ON CONFLICT DO NOTHING`,
          [ids, dues],
        );
        const removed = await query(
          'DELETE FROM poll_schedule WHERE NOT (access_user_id = ANY($1::text[]))',
          [ids],
        );
        return { added: added.rowCount ?? 0, removed: removed.rowCount ?? 0 };
      });
    },

    async claimDuePollUsers(
      owner: string,
      dueBy: Date,
      now: Date,
      leaseUntil: Date,
      limit: number,
    ): Promise<string[]> {
      const sql = `UPDATE poll_schedule s SET lease_owner = $1, lease_expires_at = $2, poked = false
                 FROM (SELECT access_user_id FROM poll_schedule
                       WHERE next_due_at <= $3 AND (lease_owner IS NULL OR lease_expires_at <= $4)
                       ORDER BY next_due_at, access_user_id LIMIT $5
                       FOR UPDATE SKIP LOCKED) due
                 WHERE s.access_user_id = due.access_user_id
                 RETURNING s.access_user_id, s.next_due_at`;
      const values = [owner, leaseUntil, dueBy, now, limit];
      const { rows } = await db.query('claimDuePollUsers', sql, values);
      return rows
        .map((row) => ({
          id: String(row.access_user_id),
          due: (row.next_due_at as Date).getTime(),
        }))
        .sort(oldestDueFirst)
        .map((row) => row.id);
    },

    async completePolls(owner: string, polls: CompletedPoll[]): Promise<void> {
      const valid = codec.completedPolls(polls);
      if (!valid.length) return;
      const sql = `UPDATE poll_schedule s
                 SET next_due_at = CASE WHEN s.poked THEN s.next_due_at ELSE d.due END,
                     poked = false, lease_owner = NULL, lease_expires_at = NULL
                 FROM unnest($2::text[], $3::timestamptz[]) AS d(id, due)
                 WHERE s.access_user_id = d.id AND s.lease_owner = $1`;
      const values = [owner, valid.map((p) => p.accessUserId), valid.map((p) => p.nextDueAt)];
      await db.query('completePolls', sql, values);
    },

    async markPollDue(accessUserIds: string[] | 'all', now: Date): Promise<void> {
      const set = 'UPDATE poll_schedule SET next_due_at = least(next_due_at, $1), poked = true';
      if (accessUserIds === 'all') await db.query('markPollDue', set, [now]);
      else {
        const sql = `${set} WHERE access_user_id = ANY($2::text[])`;
        await db.query('markPollDue', sql, [now, accessUserIds]);
      }
    },

    async releasePollLeases(owner: string): Promise<void> {
      const sql = `UPDATE poll_schedule SET lease_owner = NULL, lease_expires_at = NULL
                 WHERE lease_owner = $1`;
      await db.query('releasePollLeases', sql, [owner]);
    },

    async claimScheduledRun(job: string, now: Date, nextRunAt: Date): Promise<boolean> {
      const sql = `INSERT INTO scheduled_runs (job, next_run_at) VALUES ($1, $2)
                 ON CONFLICT (job) DO UPDATE SET next_run_at = excluded.next_run_at
                 WHERE scheduled_runs.next_run_at <= $3`;
      return changed(await db.query('claimScheduledRun', sql, [job, nextRunAt, now]));
    },

    async saveConversationRef(
      platform: Platform,
      chatUserId: string,
      ref: JsonObject,
    ): Promise<void> {
      const sql = `INSERT INTO conversation_refs (platform, chat_user_id, ref) VALUES ($1, $2, $3::jsonb)
                 ON CONFLICT (platform, chat_user_id) DO UPDATE SET ref = excluded.ref`;
      const values = codec.conversationRefValues(platform, chatUserId, ref);
      await db.query('saveConversationRef', sql, values);
    },

    async getConversationRef(
      platform: Platform,
      chatUserId: string,
    ): Promise<JsonObject | undefined> {
      const sql = 'SELECT * FROM conversation_refs WHERE platform = $1 AND chat_user_id = $2';
      const { rows } = await db.query('getConversationRef', sql, [platform, chatUserId]);
      return rows[0] === undefined ? undefined : codec.toConversationRef(rows[0]);
    },

    async deleteConversationRef(platform: Platform, chatUserId: string): Promise<void> {
      const sql = 'DELETE FROM conversation_refs WHERE platform = $1 AND chat_user_id = $2';
      await db.query('deleteConversationRef', sql, [platform, chatUserId]);
    },
  };
}
