/**
 * The poller's tables: requests made through the bot, the poll schedule and conversation
 * references. Each write is one statement or one transaction, so replicas sharing the database
 * see every claim as atomic; claims pass over rows another replica is claiming.
 */
import { z } from 'zod';
import { checkedInput } from '../checked.ts';
import { BotRequest, CompletedPoll, JsonObject, Platform, PollUser } from '../records.ts';
import type { ConversationRefStore, PollScheduleStore, RequestStore } from '../roles.ts';
import { rowReader } from '../rows.ts';
import { type SqlDb, sql, upsert } from '../sql.ts';

const toRequest = rowReader('bot_requests', BotRequest, { json: ['taskIds'] });
const toRef = rowReader('conversation_refs', JsonObject, { json: ['ref'], shape: (r) => r.ref });
const Due = z.object({ accessUserId: z.string(), nextDueAt: z.date() });
const toDue = rowReader('poll_schedule', Due);
const ConversationRef = z.object({
  platform: Platform,
  chatUserId: z.string().min(1),
  ref: JsonObject,
});

export function pollerTables(db: SqlDb): RequestStore & PollScheduleStore & ConversationRefStore {
  return {
    async recordRequest(request) {
      const valid = checkedInput(BotRequest, request, 'the request to record');
      // A request accessbot was only told of (an approver's task) becomes the bot's own.
      const row = upsert('bot_requests', { ...valid, via: 'bot' }, ['access_id']);
      await db.run('recordRequest', sql`${row} WHERE bot_requests.via = 'seen'`);
    },

    async listOpenRequests() {
      const rows = await db.all(
        'listOpenRequests',
        sql`SELECT * FROM bot_requests WHERE outcome_sent_at IS NULL AND via = 'bot'
            ORDER BY requested_at, access_id`,
      );
      return rows.map(toRequest);
    },

    async markRequestOutcomeSent(accessId, sentAt) {
      await db.run(
        'markRequestOutcomeSent',
        sql`UPDATE bot_requests SET outcome_sent_at = ${sentAt} WHERE access_id = ${accessId}`,
      );
    },

    async syncPollUsers(users) {
      const valid = checkedInput(z.array(PollUser), users, 'the users to poll');
      const ids = valid.map((u) => u.accessUserId);
      const dues = valid.map((u) => ({ id: u.accessUserId, due: u.firstDueAt }));
      // `WHERE true` tells SQLite's parser that ON CONFLICT belongs to the INSERT.
      const [added = 0, removed = 0] = await db.batch('syncPollUsers', [
        sql`INSERT INTO poll_schedule (access_user_id, next_due_at)
            SELECT id, due FROM ${db.dues(dues)} WHERE true ON CONFLICT DO NOTHING`,
        sql`DELETE FROM poll_schedule WHERE access_user_id NOT IN (SELECT value FROM ${db.list(ids)})`,
      ]);
      return { added, removed };
    },

    async claimDuePollUsers(owner, dueBy, now, leaseUntil, limit) {
      const rows = await db.all(
        'claimDuePollUsers',
        sql`UPDATE poll_schedule SET lease_owner = ${owner}, lease_expires_at = ${leaseUntil},
              poked = false
            FROM (SELECT access_user_id AS due_user FROM poll_schedule
                  WHERE next_due_at <= ${dueBy} AND (lease_owner IS NULL OR lease_expires_at <= ${now})
                  ORDER BY next_due_at, access_user_id LIMIT ${limit} ${db.skipLocked}) AS due
            WHERE access_user_id = due_user
            RETURNING access_user_id, next_due_at`,
      );
      // RETURNING keeps no order: the users are put back in the order the SELECT chose them.
      return rows
        .map(toDue)
        .sort(
          (a, b) =>
            a.nextDueAt.getTime() - b.nextDueAt.getTime() ||
            (a.accessUserId < b.accessUserId ? -1 : 1),
        )
        .map((row) => row.accessUserId);
    },

    async completePolls(owner, polls) {
      const valid = checkedInput(z.array(CompletedPoll), polls, 'the finished polls');
      const dues = valid.map((p) => ({ id: p.accessUserId, due: p.nextDueAt }));
      await db.run(
        'completePolls',
        sql`UPDATE poll_schedule
            SET next_due_at = CASE WHEN poked THEN next_due_at ELSE d.due END,
                poked = false, lease_owner = NULL, lease_expires_at = NULL
            FROM ${db.dues(dues)}
            WHERE access_user_id = d.id AND lease_owner = ${owner}`,
      );
    },

    async markPollDue(accessUserIds, now) {
      const set = sql`UPDATE poll_schedule SET poked = true,
        next_due_at = CASE WHEN next_due_at < ${now} THEN next_due_at ELSE ${now} END`;
      await db.run(
        'markPollDue',
        accessUserIds === 'all'
          ? set
          : sql`${set} WHERE access_user_id IN (SELECT value FROM ${db.list(accessUserIds)})`,
      );
    },

    async releasePollLeases(owner) {
      await db.run(
        'releasePollLeases',
        sql`UPDATE poll_schedule SET lease_owner = NULL, lease_expires_at = NULL
            WHERE lease_owner = ${owner}`,
      );
    },

    async claimScheduledRun(job, now, nextRunAt) {
      const claimed = await db.run(
        'claimScheduledRun',
        sql`INSERT INTO scheduled_runs (job, next_run_at) VALUES (${job}, ${nextRunAt})
            ON CONFLICT (job) DO UPDATE SET next_run_at = excluded.next_run_at
            WHERE scheduled_runs.next_run_at <= ${now}`,
      );
      return claimed > 0;
    },

    async saveConversationRef(platform, chatUserId, ref) {
      const valid = checkedInput(
        ConversationRef,
        { platform, chatUserId, ref },
        'the conversation reference to save',
      );
      const save = upsert('conversation_refs', valid, ['platform', 'chat_user_id']);
      await db.run('saveConversationRef', save);
    },

    async getConversationRef(platform, chatUserId) {
      const [row] = await db.all(
        'getConversationRef',
        sql`SELECT ref FROM conversation_refs WHERE platform = ${platform} AND chat_user_id = ${chatUserId}`,
      );
      return row && toRef(row);
    },

    async deleteConversationRef(platform, chatUserId) {
      await db.run(
        'deleteConversationRef',
        sql`DELETE FROM conversation_refs WHERE platform = ${platform} AND chat_user_id = ${chatUserId}`,
      );
    },
  };
}
