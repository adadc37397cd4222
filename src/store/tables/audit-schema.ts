import { GENESIS_HASH } from '../audit-chain.ts';
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
 * The hash chain (src/store/audit-chain.ts): each entry's digest and its link (place, the link
 * before's hash, its own); a completed decision's second link; the receipt people look it up by.
 * `audit_chain`'s one row is the head, locked by every append, and the checkpoint the chain
 * starts from: at first the genesis, after the entries already kept (up to `genesis_id`).
 */
export const chain = (t: Dialect): string => `
      ALTER TABLE audit_log ADD COLUMN link ${t.sqlite ? 'INTEGER' : 'bigint'};
      ALTER TABLE audit_log ADD COLUMN prev_hash TEXT;
      ALTER TABLE audit_log ADD COLUMN hash TEXT;
      ALTER TABLE audit_log ADD COLUMN done_link ${t.sqlite ? 'INTEGER' : 'bigint'};
      ALTER TABLE audit_log ADD COLUMN done_hash TEXT;
      ALTER TABLE audit_log ADD COLUMN digest TEXT;
      ALTER TABLE audit_log ADD COLUMN receipt TEXT;
      CREATE UNIQUE INDEX audit_log_link ON audit_log (link) WHERE link IS NOT NULL;
      CREATE UNIQUE INDEX audit_log_done_link ON audit_log (done_link) WHERE done_link IS NOT NULL;
      CREATE INDEX audit_log_receipt ON audit_log (receipt) WHERE receipt IS NOT NULL;
      CREATE TABLE audit_chain (
        id          INTEGER PRIMARY KEY CHECK (id = 1),
        link        ${t.sqlite ? 'INTEGER' : 'bigint'} NOT NULL,
        hash        TEXT NOT NULL,
        entry_id    ${t.sqlite ? 'INTEGER' : 'bigint'},
        start_link  ${t.sqlite ? 'INTEGER' : 'bigint'} NOT NULL,
        start_hash  TEXT NOT NULL,
        genesis_id  ${t.sqlite ? 'INTEGER' : 'bigint'} NOT NULL
      )${t.strict};
      INSERT INTO audit_chain (id, link, hash, entry_id, start_link, start_hash, genesis_id)
        SELECT 1, 0, '${GENESIS_HASH}', NULL, 0, '${GENESIS_HASH}', coalesce(max(id), 0)
        FROM audit_log;
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
