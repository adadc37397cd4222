import type { Dialect } from '../migration.ts';

/** The audit log, the last part of migration 1. */
export const log = (t: Dialect): string => `
      CREATE TABLE audit_log (
        id             ${t.sqlite ? 'INTEGER PRIMARY KEY AUTOINCREMENT' : 'bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY'},
        at             ${t.instant} NOT NULL,
        platform       TEXT NOT NULL,
        chat_user_id   TEXT NOT NULL,
        access_user_id TEXT,
        task_id        TEXT NOT NULL,
        action         TEXT NOT NULL,
        reason         TEXT,
        outcome        TEXT NOT NULL,
        detail         TEXT
      )${t.strict};
      CREATE INDEX audit_log_task_id_at ON audit_log (task_id, at);
      CREATE INDEX audit_log_at ON audit_log (at);
    `;

/** App Home lists one person's recent decisions. */
export const actorIndex = (): string =>
  `CREATE INDEX audit_log_actor_at ON audit_log (platform, chat_user_id, at);`;

/**
 * Membership changes join the audit log (task_id optional: SQLite rebuilds the table, rows kept);
 * the rest of migration 8 is the groups'.
 */
export const membership = (t: Dialect): string => `${
  t.sqlite
    ? `
      CREATE TABLE audit_log_v8 (
        id             INTEGER PRIMARY KEY AUTOINCREMENT,
        at             INTEGER NOT NULL,
        platform       TEXT NOT NULL,
        chat_user_id   TEXT NOT NULL,
        access_user_id TEXT,
        task_id        TEXT,
        action         TEXT NOT NULL,
        reason         TEXT,
        outcome        TEXT NOT NULL,
        detail         TEXT,
        group_id       TEXT,
        group_name     TEXT,
        target_user_id TEXT,
        target_name    TEXT,
        target_email   TEXT
      ) STRICT;
      INSERT INTO audit_log_v8
        (id, at, platform, chat_user_id, access_user_id, task_id, action, reason, outcome, detail)
        SELECT id, at, platform, chat_user_id, access_user_id, task_id, action, reason, outcome, detail
        FROM audit_log;
      DROP TABLE audit_log;
      ALTER TABLE audit_log_v8 RENAME TO audit_log;
      CREATE INDEX audit_log_task_id_at ON audit_log (task_id, at);
      CREATE INDEX audit_log_at ON audit_log (at);
      CREATE INDEX audit_log_actor_at ON audit_log (platform, chat_user_id, at);`
    : `
      ALTER TABLE audit_log ALTER COLUMN task_id DROP NOT NULL;
      ALTER TABLE audit_log ADD COLUMN group_id text;
      ALTER TABLE audit_log ADD COLUMN group_name text;
      ALTER TABLE audit_log ADD COLUMN target_user_id text;
      ALTER TABLE audit_log ADD COLUMN target_name text;
      ALTER TABLE audit_log ADD COLUMN target_email text;`
}
      CREATE INDEX audit_log_access_user ON audit_log (access_user_id, at);
      CREATE INDEX audit_log_target_user ON audit_log (target_user_id, at)
        WHERE target_user_id IS NOT NULL;
`;

/** A decision's task by what people recognise: its title, application and requester. */
export const taskNames = (): string => `
      ALTER TABLE audit_log ADD COLUMN task_title TEXT;
      ALTER TABLE audit_log ADD COLUMN app_name TEXT;
      ALTER TABLE audit_log ADD COLUMN requester_name TEXT;
    `;

/** The insight report: task type and creation (time to decision), and poller task events. */
export const insight = (t: Dialect): string => `
      ALTER TABLE audit_log ADD COLUMN task_type TEXT;
      ALTER TABLE audit_log ADD COLUMN task_created_at ${t.instant};
      ALTER TABLE audit_log ADD COLUMN decided_by TEXT;
    `;

/** A decision's application by id: an approver's card counts how its requests were decided. */
export const appIds = (): string => `
      ALTER TABLE audit_log ADD COLUMN app_id TEXT;
      CREATE INDEX audit_log_app ON audit_log (app_id, at) WHERE app_id IS NOT NULL;
    `;

/** A task's facts, so a reader's own language can name it: no English title is kept. */
export const taskFacts = (): string => `
      ALTER TABLE audit_log ADD COLUMN level_name TEXT;
      ALTER TABLE audit_log ADD COLUMN user_name TEXT;
      ALTER TABLE audit_log ADD COLUMN task_step TEXT;
    `;

/** The insight report's reads, covered by indexes (SQLite has no INCLUDE). */
export const reportIndexes = (t: Dialect): string => `
      CREATE INDEX audit_log_action_at ON audit_log ${t.sqlite ? '(action, at, id, task_id, outcome)' : '(action, at, id) INCLUDE (task_id, outcome)'};
      CREATE INDEX audit_log_task_created ON audit_log (task_created_at)
        WHERE task_created_at IS NOT NULL;
      CREATE INDEX audit_log_task_action ON audit_log (task_id, action, outcome, at);
    `;

/**
 * Access review campaigns: a review's due date where the service gave one, a batch's decisions
 * told apart by its id, and the reviews' entries of a period found without reading the others.
 */
export const reviewCampaigns = (t: Dialect): string => `
      ALTER TABLE audit_log ADD COLUMN task_due_at ${t.instant};
      ALTER TABLE audit_log ADD COLUMN batch_id TEXT;
      CREATE INDEX audit_log_reviews ON audit_log (at, access_user_id)
        WHERE task_type = 'EntitlementReview';
    `;
