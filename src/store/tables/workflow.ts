/**
 * Workflow steps' runs: stored once (the primary key lets one delivery of the event win), filed,
 * then closed once their completion is in the outbox.
 */
import { z } from 'zod';
import { WorkflowRun, type WorkflowStore } from '../../core/workflow/store.ts';
import { checkedInput, insert, rowReader, type SqlDb, sql } from '../sql.ts';

const toRun = rowReader('workflow_runs', WorkflowRun);
const Started = WorkflowRun.pick({ executionId: true, platform: true, startedAt: true });
const Id = z.string().min(1);

export function workflowTables(db: SqlDb): WorkflowStore {
  return {
    async startWorkflowRun(run) {
      const valid = checkedInput(Started, run, 'the workflow run');
      const stored = await db.run(
        'startWorkflowRun',
        sql`${insert('workflow_runs', valid)} ON CONFLICT (execution_id) DO NOTHING`,
      );
      return stored === 1;
    },

    async noteWorkflowFiled(executionId, accessId) {
      const id = checkedInput(Id, accessId, 'the access id');
      await db.run(
        'noteWorkflowFiled',
        sql`UPDATE workflow_runs SET access_id = ${id} WHERE execution_id = ${executionId}`,
      );
    },

    async workflowRunsFiling(accessIds) {
      if (!accessIds.length) return [];
      const rows = await db.all(
        'workflowRunsFiling',
        sql`SELECT * FROM workflow_runs
            WHERE closed_at IS NULL AND access_id IN (SELECT value FROM ${db.list(accessIds)})`,
      );
      return rows.map(toRun);
    },

    async strandedWorkflowRuns(before, limit) {
      const rows = await db.all(
        'strandedWorkflowRuns',
        sql`SELECT * FROM workflow_runs
            WHERE closed_at IS NULL AND access_id IS NULL AND started_at < ${before}
            ORDER BY started_at LIMIT ${limit}`,
      );
      return rows.map(toRun);
    },

    async closeWorkflowRun(executionId, now) {
      await db.run(
        'closeWorkflowRun',
        sql`UPDATE workflow_runs SET closed_at = ${now}
            WHERE execution_id = ${executionId} AND closed_at IS NULL`,
      );
    },
  };
}
