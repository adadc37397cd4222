/**
 * Requesters' requests, tasks, nudges and list numbers, and approvers' "looking at it" marks.
 * Every claim is one conditional statement, so it is atomic across replicas.
 */
import { z } from 'zod';
import type { RequesterStore } from '../../core/requests/store.ts';
import type { LookStore } from '../../core/tasks/store.ts';
import { BotRequest, KnownRequest, Look } from '../records.ts';
import { checkedInput, insert, rowReader, type SqlDb, sql, upsert } from '../sql.ts';
import { numberedList } from './numbering.ts';

const toRequest = rowReader('bot_requests', KnownRequest, { json: ['taskIds'] });
const toTask = rowReader(
  'request_tasks',
  z.object({ accessId: z.string().min(1), taskId: z.string().min(1) }),
);
const toLook = rowReader('task_looks', Look);
const Noted = BotRequest.omit({ taskIds: true });
/** Older marks are deleted when a new one is written. */
const FORGET_LOOKS_AFTER_MS = 24 * 3_600_000;

export function requesterTables(db: SqlDb): RequesterStore & LookStore {
  const numbering = numberedList(db, 'RequestNumbering', 'access_ids');
  const withTasks = async (rows: Record<string, unknown>[]) => {
    const requests = rows.map(toRequest);
    if (!requests.length) return requests;
    const ids = db.list(requests.map((r) => r.accessId));
    const found = await db.all(
      'requestTasks',
      sql`SELECT access_id, task_id FROM request_tasks WHERE access_id IN (SELECT value FROM ${ids}) ORDER BY task_id`,
    );
    const byRequest = Map.groupBy(found.map(toTask), (t) => t.accessId);
    return requests.map((r) => {
      const more = byRequest.get(r.accessId)?.map((t) => t.taskId) ?? [];
      return { ...r, taskIds: [...new Set([...r.taskIds, ...more])] };
    });
  };
  return {
    async noteRequestTask(request, taskId) {
      const valid = checkedInput(Noted, request, 'the request of a task');
      const task = checkedInput(z.string().min(1), taskId, 'the task id');
      const seen = { ...valid, taskIds: [], via: 'seen' };
      await db.batch('noteRequestTask', [
        sql`${insert('bot_requests', seen)} ON CONFLICT DO NOTHING`,
        sql`INSERT INTO request_tasks (access_id, task_id) VALUES (${valid.accessId}, ${task})
            ON CONFLICT DO NOTHING`,
      ]);
    },

    async listRequestsOf(accessUserId, limit) {
      const rows = await db.all(
        'listRequestsOf',
        sql`SELECT * FROM bot_requests WHERE access_user_id = ${accessUserId} OR filed_by = ${accessUserId}
            ORDER BY requested_at DESC, access_id DESC LIMIT ${limit}`,
      );
      return withTasks(rows);
    },

    async getRequest(accessId) {
      const rows = await db.all(
        'getRequest',
        sql`SELECT * FROM bot_requests WHERE access_id = ${accessId}`,
      );
      return (await withTasks(rows))[0];
    },

    async filersOf(accessIds) {
      if (!accessIds.length) return new Map();
      const rows = await db.all(
        'filersOf',
        sql`SELECT * FROM bot_requests
            WHERE access_id IN (SELECT value FROM ${db.list([...accessIds])}) AND filed_by IS NOT NULL`,
      );
      return new Map(rows.map(toRequest).map((r) => [r.accessId, r]));
    },

    async requestTasksOf(taskId) {
      const rows = await db.all(
        'requestTasksOf',
        sql`SELECT access_id, task_id FROM request_tasks
            WHERE access_id IN (SELECT access_id FROM request_tasks WHERE task_id = ${taskId})`,
      );
      return [...new Set([taskId, ...rows.map(toTask).map((t) => t.taskId)])];
    },

    async claimNudge(accessId, now, lastBefore) {
      const claimed = await db.run(
        'claimNudge',
        sql`UPDATE bot_requests SET nudged_at = ${now}
            WHERE access_id = ${accessId} AND (nudged_at IS NULL OR nudged_at <= ${lastBefore})`,
      );
      return claimed > 0;
    },

    async releaseNudge(accessId, claimedAt, previous) {
      await db.run(
        'releaseNudge',
        sql`UPDATE bot_requests SET nudged_at = ${previous}
            WHERE access_id = ${accessId} AND nudged_at = ${claimedAt}`,
      );
    },

    saveRequestNumbering: numbering.save,
    getRequestNumbering: numbering.get,

    async claimLook(look, now) {
      const valid = checkedInput(Look, look, 'the mark');
      const forget = new Date(now.getTime() - FORGET_LOOKS_AFTER_MS);
      const [, written = 0] = await db.batch('claimLook', [
        sql`DELETE FROM task_looks WHERE until_at < ${forget}`,
        sql`${upsert('task_looks', valid, ['subject'])} WHERE task_looks.until_at <= ${now}`,
      ]);
      return written > 0;
    },

    async getLook(subject) {
      const [row] = await db.all(
        'getLook',
        sql`SELECT * FROM task_looks WHERE subject = ${subject}`,
      );
      return row && toLook(row);
    },
  };
}
