/**
 * The poller's tables. Each write is one statement or one transaction, so every claim is atomic
 * across replicas; claims pass over rows another replica is claiming.
 */
import { z } from 'zod';
import {
  BotRequest,
  CompletedPoll,
  DuePoll,
  JsonObject,
  Platform,
  WebhookEvent,
} from '../records.ts';
import type { ConversationRefStore, PollScheduleStore, RequestStore } from '../roles.ts';
import { checkedInput, raw, rowReader, type Sql, type SqlDb, sql, upsert } from '../sql.ts';

const toRequest = rowReader('bot_requests', BotRequest, { json: ['taskIds'] });
const toRef = rowReader('conversation_refs', JsonObject, { json: ['ref'], shape: (r) => r.ref });
const Due = DuePoll.extend({ nextDueAt: z.date() });
const toDue = rowReader('poll_schedule', Due, { shape: (r) => ({ ...r, reason: r.dueReason }) });
const Cadences = z.object({ accessUserId: z.string(), activeAt: z.date().nullable() });
const toCadences = rowReader('poll_schedule', Cadences);
const toEvent = rowReader('webhook_events', z.object({ kind: WebhookEvent, at: z.date() }));
const toLinked = rowReader('identity_links', z.object({ accessUserId: z.string() }));
const toCount = rowReader('poll_schedule', z.object({ polled: z.coerce.number() }));
const toOldest = rowReader('poll_schedule', z.object({ nextDueAt: z.date() }));
const SYNC_PAGE = 1_000;
/** No GREATEST or LEAST in SQLite. */
const later = (column: string, value: unknown) =>
  sql`CASE WHEN ${raw(column)} IS NULL OR ${raw(column)} < ${value} THEN ${value} ELSE ${raw(column)} END`;
const earlier = (column: string, value: unknown) =>
  sql`CASE WHEN ${raw(column)} < ${value} THEN ${raw(column)} ELSE ${value} END`;
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
      const at = valid.requestedAt;
      // Its requester is active now, and polled at once so that their cadence follows.
      await db.batch('recordRequest', [
        sql`${row} WHERE bot_requests.via = 'seen'`,
        sql`UPDATE poll_schedule SET active_at = ${later('active_at', at)}, cadence = 'active',
              poked = true, due_reason = 'chat', next_due_at = ${earlier('next_due_at', at)}
            WHERE access_user_id IN (${valid.accessUserId}, ${valid.filedBy ?? valid.accessUserId})`,
      ]);
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

    async syncPollUsers(platforms, firstDueAt) {
      const served = checkedInput(z.array(Platform), platforms, 'the platforms served');
      const linked = sql`SELECT 1 FROM identity_links
        WHERE identity_links.access_user_id = poll_schedule.access_user_id
          AND identity_links.platform IN (SELECT value FROM ${db.list(served)})`;
      // Only new people are read, a page at a time: a first start with a whole organisation
      // linked stays small in memory.
      let added = 0;
      for (let after = ''; ; ) {
        const fresh = await db.all(
          'newPollUsers',
          sql`SELECT DISTINCT access_user_id FROM identity_links
              WHERE platform IN (SELECT value FROM ${db.list(served)})
                AND access_user_id > ${after}
                AND NOT EXISTS (SELECT 1 FROM poll_schedule
                                WHERE poll_schedule.access_user_id = identity_links.access_user_id)
              ORDER BY access_user_id LIMIT ${SYNC_PAGE}`,
        );
        const ids = fresh.map((row) => toLinked(row).accessUserId);
        const dues = ids.map((id) => ({ id, due: firstDueAt(id) }));
        // `WHERE true` tells SQLite's parser that ON CONFLICT belongs to the INSERT.
        if (dues.length) {
          added += await db.run(
            'syncPollUsers',
            sql`INSERT INTO poll_schedule (access_user_id, next_due_at)
                SELECT id, due FROM ${db.dues(dues)} WHERE true ON CONFLICT DO NOTHING`,
          );
        }
        if (ids.length < SYNC_PAGE) break;
        after = ids.at(-1) ?? after;
      }
      const removed = await db.run(
        'syncPollUsers',
        sql`DELETE FROM poll_schedule WHERE NOT EXISTS (${linked})`,
      );
      const [count] = await db.all(
        'countPollUsers',
        sql`SELECT count(*) AS polled FROM poll_schedule`,
      );
      return { added, removed, polled: toCount(count).polled };
    },

    async claimDuePollUsers(owner, dueBy, now, leaseUntil, limit) {
      const claim = async (which: Sql, n: number) => {
        const rows = await db.all(
          'claimDuePollUsers',
          sql`UPDATE poll_schedule SET lease_owner = ${owner}, lease_expires_at = ${leaseUntil},
                poked = false
              FROM (SELECT access_user_id AS due_user FROM poll_schedule
                    WHERE ${which} AND (lease_owner IS NULL OR lease_expires_at <= ${now})
                    ORDER BY next_due_at, access_user_id LIMIT ${n} ${db.skipLocked}) AS due
              WHERE access_user_id = due_user
              RETURNING access_user_id, next_due_at, cadence, due_reason, active_at, polled_at`,
        );
        // RETURNING keeps no order: the users are put back in the order the SELECT chose them.
        return rows
          .map(toDue)
          .sort(
            (a, b) =>
              a.nextDueAt.getTime() - b.nextDueAt.getTime() ||
              (a.accessUserId < b.accessUserId ? -1 : 1),
          )
          .map(({ nextDueAt, ...due }) => due);
      };
      // People a delivery named first, even ahead of a backlog: their new task is why webhooks
      // exist. Then the `active` cadence, whose bound is tightest; then everyone else due.
      const tiers = [
        raw('poked'),
        sql`cadence = 'active' AND next_due_at <= ${dueBy}`,
        sql`next_due_at <= ${dueBy}`,
      ];
      let claimed: DuePoll[] = [];
      for (const tier of tiers) {
        if (claimed.length >= limit) break;
        // A lease that ends at once (`leaseUntil` now) leaves them claimable: not twice a batch.
        const ids = claimed.map((due) => due.accessUserId);
        const fresh = sql`${tier} AND access_user_id NOT IN (SELECT value FROM ${db.list(ids)})`;
        claimed = [...claimed, ...(await claim(fresh, limit - claimed.length))];
      }
      return claimed;
    },

    async completePolls(owner, polls) {
      const valid = checkedInput(z.array(CompletedPoll), polls, 'the finished polls');
      const rows = valid.map((p) => ({
        id: p.accessUserId,
        due: p.nextDueAt,
        cadence: p.cadence ?? null,
        reason: p.reason ?? null,
        active: p.activeAt ?? null,
        polled: p.polledAt ?? null,
      }));
      // Poked meanwhile: still due now, for the reason it was poked.
      await db.run(
        'completePolls',
        sql`UPDATE poll_schedule
            SET next_due_at = CASE WHEN poked THEN next_due_at ELSE d.due END,
                due_reason = CASE WHEN poked THEN due_reason ELSE COALESCE(d.next_reason, 'sweep') END,
                cadence = COALESCE(d.next_cadence, cadence),
                active_at = CASE WHEN active_at IS NULL OR active_at < d.active THEN d.active
                            ELSE active_at END,
                polled_at = COALESCE(d.polled, polled_at),
                poked = false, lease_owner = NULL, lease_expires_at = NULL
            FROM ${db.polls(rows)}
            WHERE access_user_id = d.id AND lease_owner = ${owner}`,
      );
    },

    async markPollDue(accessUserIds, now, reason = 'webhook') {
      const set = sql`UPDATE poll_schedule SET poked = true, due_reason = ${reason},
        next_due_at = ${earlier('next_due_at', now)}`;
      await db.run(
        'markPollDue',
        accessUserIds === 'all'
          ? set
          : sql`${set} WHERE access_user_id IN (SELECT value FROM ${db.list(accessUserIds)})`,
      );
    },

    async listPollCadences(cadence, { after = '', limit }) {
      const rows = await db.all(
        'listPollCadences',
        sql`SELECT access_user_id, active_at FROM poll_schedule
            WHERE cadence = ${cadence} AND access_user_id > ${after}
            ORDER BY access_user_id LIMIT ${limit}`,
      );
      return rows.map(toCadences);
    },

    async hastenPolls(from, cadence, polls, within) {
      const dues = polls.map((p) => ({ id: p.accessUserId, due: p.nextDueAt }));
      await db.run(
        'hastenPolls',
        sql`UPDATE poll_schedule SET cadence = ${cadence},
              next_due_at = CASE WHEN next_due_at <= ${within} OR next_due_at < d.due
                            THEN next_due_at ELSE d.due END
            FROM ${db.dues(dues)}
            WHERE access_user_id = d.id AND cadence = ${from}`,
      );
    },

    async oldestDuePoll(now) {
      const [row] = await db.all(
        'oldestDuePoll',
        sql`SELECT next_due_at FROM poll_schedule
            WHERE lease_owner IS NULL OR lease_expires_at <= ${now}
            ORDER BY next_due_at LIMIT 1`,
      );
      return row && toOldest(row).nextDueAt;
    },

    async recordWebhookEvent(event, at) {
      await db.run(
        'recordWebhookEvent',
        sql`INSERT INTO webhook_events (kind, at) VALUES (${event}, ${at})
            ON CONFLICT (kind) DO UPDATE SET at = excluded.at WHERE webhook_events.at < excluded.at`,
      );
    },

    async webhookEvents() {
      const rows = await db.all('webhookEvents', sql`SELECT kind, at FROM webhook_events`);
      return Object.fromEntries(rows.map(toEvent).map((e) => [e.kind, e.at]));
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
