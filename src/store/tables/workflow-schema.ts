import type { Dialect } from '../migration.ts';

/** Workflow steps' runs, by the platform's execution id: a repeated event finds its run here. */
export const runs = (t: Dialect): string => `
    CREATE TABLE workflow_runs (
      execution_id TEXT PRIMARY KEY,
      platform     TEXT NOT NULL,
      started_at   ${t.instant} NOT NULL,
      access_id    TEXT,
      closed_at    ${t.instant}
    )${t.strict};
    CREATE INDEX workflow_runs_filed ON workflow_runs (access_id) WHERE closed_at IS NULL;
    CREATE INDEX workflow_runs_filing ON workflow_runs (started_at)
      WHERE closed_at IS NULL AND access_id IS NULL;
  `;
