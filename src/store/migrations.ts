import type { Dialect, Migration } from './migration.ts';
import { apps } from './migration-apps.ts';
import { asks } from './migration-asks.ts';
import { activeFirst, cadence } from './migration-cadence.ts';
import { confirmations } from './migration-confirmations.ts';
import { filers } from './migration-filers.ts';
import { outboxKinds } from './migration-outbox-kinds.ts';
import { questions } from './migration-questions.ts';
import { requesters } from './migration-requesters.ts';
import { teamsKeys } from './teams-keys.ts';

/** One step of both schemas: its version in each database (absent where it needs no such step). */
interface Step {
  readonly sqlite?: number;
  readonly postgres?: number;
  readonly sql: (t: Dialect) => string;
}

/**
 * Both schemas (append-only): SQLite dates are INTEGER epoch ms (they sort as numbers). PostgreSQL
 * migrates in one transaction, so no statements refused there (e.g. CREATE INDEX CONCURRENTLY).
 */
const steps: readonly Step[] = [
  {
    sqlite: 1,
    postgres: 1,
    sql: (t) => `
      CREATE TABLE identity_links (
        platform       TEXT NOT NULL,
        chat_user_id   TEXT NOT NULL,
        access_user_id TEXT NOT NULL,
        email          TEXT NOT NULL,
        display_name   TEXT,
        linked_at      ${t.instant} NOT NULL,
        PRIMARY KEY (platform, chat_user_id)
      )${t.strict};
      CREATE INDEX identity_links_access_user_id ON identity_links (access_user_id);

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
    `,
  },
  {
    sqlite: 2,
    postgres: 2,
    sql: (t) => `
      CREATE TABLE notifications (
        task_id        TEXT NOT NULL,
        platform       TEXT NOT NULL,
        recipient      TEXT NOT NULL,
        access_user_id TEXT NOT NULL,
        claimed_at     ${t.instant} NOT NULL,
        claimed_by     TEXT NOT NULL,
        message_ref    ${t.json},
        sent_at        ${t.instant},
        reminded_at    ${t.instant},
        resolved_at    ${t.instant},
        PRIMARY KEY (task_id, platform, recipient)
      )${t.strict};
      CREATE INDEX notifications_open ON notifications (access_user_id) WHERE resolved_at IS NULL;

      CREATE TABLE bot_requests (
        access_id          TEXT PRIMARY KEY,
        access_user_id     TEXT NOT NULL,
        work_app_id        TEXT NOT NULL,
        task_ids           ${t.json} NOT NULL,
        requested_at       ${t.instant} NOT NULL,
        outcome_claimed_at ${t.instant},
        outcome_claimed_by TEXT,
        outcome_sent_at    ${t.instant}
      )${t.strict};
      CREATE INDEX bot_requests_open ON bot_requests (requested_at) WHERE outcome_sent_at IS NULL;

      CREATE TABLE poll_schedule (
        access_user_id   TEXT PRIMARY KEY,
        next_due_at      ${t.instant} NOT NULL,
        poked            ${t.sqlite ? 'INTEGER NOT NULL DEFAULT 0' : 'boolean NOT NULL DEFAULT false'},
        lease_owner      TEXT,
        lease_expires_at ${t.instant}
      )${t.strict};
      CREATE INDEX poll_schedule_due ON poll_schedule (next_due_at);

      CREATE TABLE scheduled_runs (
        job         TEXT PRIMARY KEY,
        next_run_at ${t.instant} NOT NULL
      )${t.strict};

      CREATE TABLE conversation_refs (
        platform     TEXT NOT NULL,
        chat_user_id TEXT NOT NULL,
        ref          ${t.json} NOT NULL,
        PRIMARY KEY (platform, chat_user_id)
      )${t.strict};
    `,
  },
  {
    // App Home lists one person's recent decisions.
    sqlite: 3,
    postgres: 3,
    sql: () => `CREATE INDEX audit_log_actor_at ON audit_log (platform, chat_user_id, at);`,
  },
  {
    sqlite: 4,
    postgres: 4,
    sql: (t) => `
      CREATE TABLE task_numbering (
        platform     TEXT NOT NULL,
        chat_user_id TEXT NOT NULL,
        task_ids     ${t.json} NOT NULL,
        saved_at     ${t.instant} NOT NULL,
        PRIMARY KEY (platform, chat_user_id)
      )${t.strict};
    `,
  },
  {
    // A person may see a task's details only if it is or was in their own list.
    sqlite: 5,
    postgres: 5,
    sql: (t) => `
      CREATE TABLE task_audience (
        access_user_id TEXT NOT NULL,
        task_id        TEXT NOT NULL,
        shown_at       ${t.instant} NOT NULL,
        PRIMARY KEY (access_user_id, task_id)
      )${t.strict};
    `,
  },
  {
    // The outbox. Claims left unsent by an older build carry no message: dropped, polled anew.
    sqlite: 6,
    postgres: 6,
    sql: (t) => `
      DELETE FROM notifications WHERE message_ref IS NULL AND resolved_at IS NULL;
      ALTER TABLE notifications ADD COLUMN delivery_id TEXT;
      ALTER TABLE notifications ADD COLUMN destination ${t.json};
      ALTER TABLE notifications ADD COLUMN intent_kind TEXT;
      ALTER TABLE notifications ADD COLUMN intent_body ${t.json};
      ALTER TABLE notifications ADD COLUMN intent_owner TEXT;
      ALTER TABLE notifications ADD COLUMN intent_owned_at ${t.instant};
      ALTER TABLE notifications ADD COLUMN intent_due_at ${t.instant};
      ALTER TABLE notifications ADD COLUMN intent_attempts INTEGER NOT NULL DEFAULT 0;
      ALTER TABLE notifications ADD COLUMN intent_seq INTEGER NOT NULL DEFAULT 0;
      CREATE INDEX notifications_intents ON notifications (intent_due_at)
        WHERE intent_kind IS NOT NULL;

      CREATE TABLE replicas (
        id           TEXT PRIMARY KEY,
        heartbeat_at ${t.instant} NOT NULL
      )${t.strict};
    `,
  },
  {
    // Signed requests already seen: replays are refused.
    sqlite: 7,
    postgres: 7,
    sql: (t) => `
      CREATE TABLE replay_guard (
        key          TEXT PRIMARY KEY,
        forget_after ${t.instant} NOT NULL
      )${t.strict};
      CREATE INDEX replay_guard_forget ON replay_guard (forget_after);
    `,
  },
  {
    // Membership changes join the audit log (task_id optional: SQLite rebuilds the table, rows
    // kept), with group_changes and channel bindings.
    sqlite: 8,
    postgres: 8,
    sql: (t) => `${
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

      CREATE TABLE group_changes (
        id             TEXT PRIMARY KEY,
        platform       TEXT NOT NULL,
        chat_user_id   TEXT NOT NULL,
        access_user_id TEXT NOT NULL,
        action         TEXT NOT NULL,
        group_id       TEXT NOT NULL,
        group_name     TEXT NOT NULL,
        target_user_id TEXT NOT NULL,
        target_name    TEXT,
        target_email   TEXT,
        created_at     ${t.instant} NOT NULL,
        expires_at     ${t.instant} NOT NULL,
        state          TEXT NOT NULL,
        outcome        TEXT,
        updated_at     ${t.instant} NOT NULL
      )${t.strict};
      CREATE INDEX group_changes_expires ON group_changes (expires_at);

      CREATE TABLE channel_groups (
        platform   TEXT NOT NULL,
        channel_id TEXT NOT NULL,
        group_id   TEXT NOT NULL,
        group_name TEXT NOT NULL,
        bound_by   TEXT NOT NULL,
        bound_at   ${t.instant} NOT NULL,
        PRIMARY KEY (platform, channel_id)
      )${t.strict};
    `,
  },
  {
    // Two tables written on every command become one b-tree each (WITHOUT ROWID); the replay
    // guard is pruned by a scan, so its forget_after index goes. Every row is kept.
    sqlite: 9,
    sql: () => `
      CREATE TABLE replay_guard_v9 (
        key          TEXT PRIMARY KEY,
        forget_after INTEGER NOT NULL
      ) STRICT, WITHOUT ROWID;
      INSERT INTO replay_guard_v9 SELECT key, forget_after FROM replay_guard;
      DROP TABLE replay_guard;
      ALTER TABLE replay_guard_v9 RENAME TO replay_guard;

      CREATE TABLE task_numbering_v9 (
        platform     TEXT NOT NULL,
        chat_user_id TEXT NOT NULL,
        task_ids     TEXT NOT NULL,
        saved_at     INTEGER NOT NULL,
        PRIMARY KEY (platform, chat_user_id)
      ) STRICT, WITHOUT ROWID;
      INSERT INTO task_numbering_v9 SELECT platform, chat_user_id, task_ids, saved_at FROM task_numbering;
      DROP TABLE task_numbering;
      ALTER TABLE task_numbering_v9 RENAME TO task_numbering;
    `,
  },
  {
    // A decision's task by what people recognise: its title, application and requester.
    sqlite: 10,
    postgres: 9,
    sql: () => `
      ALTER TABLE audit_log ADD COLUMN task_title TEXT;
      ALTER TABLE audit_log ADD COLUMN app_name TEXT;
      ALTER TABLE audit_log ADD COLUMN requester_name TEXT;
    `,
  },
  {
    // Per-person action counts shared by every replica.
    sqlite: 11,
    postgres: 10,
    sql: (t) => `
      CREATE TABLE rate_counts (
        key          TEXT PRIMARY KEY,
        window_start ${t.instant} NOT NULL,
        actions      INTEGER NOT NULL
      )${t.sqlite ? ' STRICT, WITHOUT ROWID' : ''};
    `,
  },
  // Teams people by tenant and Azure AD object id instead of their `29:` id (teams-keys.ts).
  { sqlite: 12, postgres: 11, sql: teamsKeys },
  {
    // The insight report: task type and creation (time to decision), and poller task events.
    sqlite: 13,
    postgres: 12,
    sql: (t) => `
      ALTER TABLE audit_log ADD COLUMN task_type TEXT;
      ALTER TABLE audit_log ADD COLUMN task_created_at ${t.instant};
      ALTER TABLE audit_log ADD COLUMN decided_by TEXT;
    `,
  },
  {
    // A decision's application by id: an approver's card counts how its requests were decided.
    sqlite: 14,
    postgres: 13,
    sql: () => `
      ALTER TABLE audit_log ADD COLUMN app_id TEXT;
      CREATE INDEX audit_log_app ON audit_log (app_id, at) WHERE app_id IS NOT NULL;
    `,
  },
  { sqlite: 15, postgres: 14, sql: outboxKinds },
  { sqlite: 16, postgres: 15, sql: requesters },
  {
    // A task's facts, so a reader's own language can name it: no English title is kept.
    sqlite: 17,
    postgres: 16,
    sql: () => `
      ALTER TABLE audit_log ADD COLUMN level_name TEXT;
      ALTER TABLE audit_log ADD COLUMN user_name TEXT;
      ALTER TABLE audit_log ADD COLUMN task_step TEXT;
    `,
  },
  { sqlite: 18, postgres: 17, sql: questions },
  { sqlite: 22, postgres: 21, sql: apps },
  { sqlite: 23, postgres: 22, sql: asks },
  {
    // The insight report's reads, covered by indexes (SQLite has no INCLUDE).
    sqlite: 24,
    postgres: 23,
    sql: (t) => `
      CREATE INDEX audit_log_action_at ON audit_log ${t.sqlite ? '(action, at, id, task_id, outcome)' : '(action, at, id) INCLUDE (task_id, outcome)'};
      CREATE INDEX audit_log_task_created ON audit_log (task_created_at)
        WHERE task_created_at IS NOT NULL;
      CREATE INDEX audit_log_task_action ON audit_log (task_id, action, outcome, at);
    `,
  },
  { sqlite: 25, postgres: 24, sql: cadence },
  { sqlite: 26, postgres: 25, sql: activeFirst },
  {
    // Every poll rewrites its row twice: free room per page keeps the lease update HOT, and
    // vacuuming at 2 % (not 20 %) keeps few dead rows to read through. Applies to new pages.
    postgres: 26,
    sql: () => `
      ALTER TABLE poll_schedule SET (fillfactor = 70, autovacuum_vacuum_scale_factor = 0.02,
        autovacuum_analyze_scale_factor = 0.05);
    `,
  },
  { sqlite: 27, postgres: 27, sql: confirmations },
  {
    // Counters every replica reads before it trusts what it cached (tables/apps.ts).
    sqlite: 28,
    postgres: 28,
    sql: (t) => `
      CREATE TABLE generations (
        name  TEXT PRIMARY KEY,
        value INTEGER NOT NULL
      )${t.sqlite ? ' STRICT, WITHOUT ROWID' : ''};
    `,
  },
  { sqlite: 29, postgres: 29, sql: filers },
];

const migrationsOf = (t: Dialect): Migration[] =>
  steps.flatMap((step) => {
    const version = t.sqlite ? step.sqlite : step.postgres;
    return version === undefined ? [] : [{ version, sql: step.sql(t) }];
  });

export const sqliteMigrations = migrationsOf({
  sqlite: true,
  instant: 'INTEGER',
  json: 'TEXT',
  strict: ' STRICT',
  jsonText: (path) => `json_extract(ref, '$.${path.join('.')}')`,
  validId: (id) => `length(${id}) BETWEEN 1 AND 64 AND ${id} NOT GLOB '*[^A-Za-z0-9_-]*'`,
  jsonSet: (column, path, value) => `json_set(${column}, '$.${path.join('.')}', ${value})`,
});

export const postgresMigrations = migrationsOf({
  sqlite: false,
  instant: 'timestamptz',
  json: 'jsonb',
  strict: '',
  jsonText: (path) => `ref #>> '{${path.join(',')}}'`,
  validId: (id) => `${id} ~ '^[A-Za-z0-9_-]{1,64}$'`,
  jsonSet: (column, path, value) =>
    `jsonb_set(${column}, '{${path.join(',')}}', to_jsonb(${value}))`,
});
