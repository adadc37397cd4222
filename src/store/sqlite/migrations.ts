import type { Migration } from '../migration.ts';
import { apps } from '../migration-apps.ts';
import { asks } from '../migration-asks.ts';
import { activeFirst, cadence } from '../migration-cadence.ts';
import { confirmations } from '../migration-confirmations.ts';
import { outboxKinds } from '../migration-outbox-kinds.ts';
import { questions } from '../migration-questions.ts';
import { type Dialect, requesters } from '../migration-requesters.ts';
import { teamsKeys } from '../teams-keys.ts';

/** This database's types in the migrations written once for both. */
const dialect: Dialect = { instant: 'INTEGER', json: 'TEXT', strict: ' STRICT' };

/**
 * The SQLite schema (append-only, see Migration). Dates are INTEGER epoch milliseconds, so they
 * compare and sort as numbers (leases and reminders will need that).
 */
export const migrations: readonly Migration[] = [
  {
    version: 1,
    sql: `
      CREATE TABLE identity_links (
        platform       TEXT NOT NULL,
        chat_user_id   TEXT NOT NULL,
        access_user_id TEXT NOT NULL,
        email          TEXT NOT NULL,
        display_name   TEXT,
        linked_at      INTEGER NOT NULL,
        PRIMARY KEY (platform, chat_user_id)
      ) STRICT;
      CREATE INDEX identity_links_access_user_id ON identity_links (access_user_id);

      CREATE TABLE audit_log (
        id             INTEGER PRIMARY KEY AUTOINCREMENT,
        at             INTEGER NOT NULL,
        platform       TEXT NOT NULL,
        chat_user_id   TEXT NOT NULL,
        access_user_id TEXT,
        task_id        TEXT NOT NULL,
        action         TEXT NOT NULL,
        reason         TEXT,
        outcome        TEXT NOT NULL,
        detail         TEXT
      ) STRICT;
      CREATE INDEX audit_log_task_id_at ON audit_log (task_id, at);
      CREATE INDEX audit_log_at ON audit_log (at);
    `,
  },
  {
    version: 2,
    sql: `
      CREATE TABLE notifications (
        task_id        TEXT NOT NULL,
        platform       TEXT NOT NULL,
        recipient      TEXT NOT NULL,
        access_user_id TEXT NOT NULL,
        claimed_at     INTEGER NOT NULL,
        claimed_by     TEXT NOT NULL,
        message_ref    TEXT,
        sent_at        INTEGER,
        reminded_at    INTEGER,
        resolved_at    INTEGER,
        PRIMARY KEY (task_id, platform, recipient)
      ) STRICT;
      CREATE INDEX notifications_open ON notifications (access_user_id) WHERE resolved_at IS NULL;

      CREATE TABLE bot_requests (
        access_id          TEXT PRIMARY KEY,
        access_user_id     TEXT NOT NULL,
        work_app_id        TEXT NOT NULL,
        task_ids           TEXT NOT NULL,
        requested_at       INTEGER NOT NULL,
        outcome_claimed_at INTEGER,
        outcome_claimed_by TEXT,
        outcome_sent_at    INTEGER
      ) STRICT;
      CREATE INDEX bot_requests_open ON bot_requests (requested_at) WHERE outcome_sent_at IS NULL;

      CREATE TABLE poll_schedule (
        access_user_id   TEXT PRIMARY KEY,
        next_due_at      INTEGER NOT NULL,
        poked            INTEGER NOT NULL DEFAULT 0,
        lease_owner      TEXT,
        lease_expires_at INTEGER
      ) STRICT;
      CREATE INDEX poll_schedule_due ON poll_schedule (next_due_at);

      CREATE TABLE scheduled_runs (
        job         TEXT PRIMARY KEY,
        next_run_at INTEGER NOT NULL
      ) STRICT;

      CREATE TABLE conversation_refs (
        platform     TEXT NOT NULL,
        chat_user_id TEXT NOT NULL,
        ref          TEXT NOT NULL,
        PRIMARY KEY (platform, chat_user_id)
      ) STRICT;
    `,
  },
  {
    // App Home lists one person's recent decisions.
    version: 3,
    sql: `CREATE INDEX audit_log_actor_at ON audit_log (platform, chat_user_id, at);`,
  },
  {
    version: 4,
    sql: `
      CREATE TABLE task_numbering (
        platform     TEXT NOT NULL,
        chat_user_id TEXT NOT NULL,
        task_ids     TEXT NOT NULL,
        saved_at     INTEGER NOT NULL,
        PRIMARY KEY (platform, chat_user_id)
      ) STRICT;
    `,
  },
  {
    // A person may see a task's details only if it is or was in their own list.
    version: 5,
    sql: `
      CREATE TABLE task_audience (
        access_user_id TEXT NOT NULL,
        task_id        TEXT NOT NULL,
        shown_at       INTEGER NOT NULL,
        PRIMARY KEY (access_user_id, task_id)
      ) STRICT;
    `,
  },
  {
    // The outbox: each notification's pending send or edit, and the replicas' heartbeats. Claims
    // left unsent by an older build carry no message to send: dropped, the next poll claims anew.
    version: 6,
    sql: `
      DELETE FROM notifications WHERE message_ref IS NULL AND resolved_at IS NULL;
      ALTER TABLE notifications ADD COLUMN delivery_id TEXT;
      ALTER TABLE notifications ADD COLUMN destination TEXT;
      ALTER TABLE notifications ADD COLUMN intent_kind TEXT;
      ALTER TABLE notifications ADD COLUMN intent_body TEXT;
      ALTER TABLE notifications ADD COLUMN intent_owner TEXT;
      ALTER TABLE notifications ADD COLUMN intent_owned_at INTEGER;
      ALTER TABLE notifications ADD COLUMN intent_due_at INTEGER;
      ALTER TABLE notifications ADD COLUMN intent_attempts INTEGER NOT NULL DEFAULT 0;
      ALTER TABLE notifications ADD COLUMN intent_seq INTEGER NOT NULL DEFAULT 0;
      CREATE INDEX notifications_intents ON notifications (intent_due_at)
        WHERE intent_kind IS NOT NULL;

      CREATE TABLE replicas (
        id           TEXT PRIMARY KEY,
        heartbeat_at INTEGER NOT NULL
      ) STRICT;
    `,
  },
  {
    // Signed requests already seen (Slack requests, webhook deliveries): replays are refused.
    version: 7,
    sql: `
      CREATE TABLE replay_guard (
        key          TEXT PRIMARY KEY,
        forget_after INTEGER NOT NULL
      ) STRICT;
      CREATE INDEX replay_guard_forget ON replay_guard (forget_after);
    `,
  },
  {
    // Membership changes join decisions in the audit log (task_id becomes optional, so the table
    // is rebuilt; every old row is kept as it was), wait for their confirmation in
    // group_changes, and channels can be bound to a group.
    version: 8,
    sql: `
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
      CREATE INDEX audit_log_actor_at ON audit_log (platform, chat_user_id, at);
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
        created_at     INTEGER NOT NULL,
        expires_at     INTEGER NOT NULL,
        state          TEXT NOT NULL,
        outcome        TEXT,
        updated_at     INTEGER NOT NULL
      ) STRICT;
      CREATE INDEX group_changes_expires ON group_changes (expires_at);

      CREATE TABLE channel_groups (
        platform   TEXT NOT NULL,
        channel_id TEXT NOT NULL,
        group_id   TEXT NOT NULL,
        group_name TEXT NOT NULL,
        bound_by   TEXT NOT NULL,
        bound_at   INTEGER NOT NULL,
        PRIMARY KEY (platform, channel_id)
      ) STRICT;
    `,
  },
  {
    // Two tables written on every command keep one b-tree each instead of a table and its key
    // index: the replay guard (its expired rows are deleted once a minute, by a scan, so the
    // forget_after index is gone) and the task numbers. Every row is kept.
    version: 9,
    sql: `
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
    version: 10,
    sql: `
      ALTER TABLE audit_log ADD COLUMN task_title TEXT;
      ALTER TABLE audit_log ADD COLUMN app_name TEXT;
      ALTER TABLE audit_log ADD COLUMN requester_name TEXT;
    `,
  },
  {
    // Per-person action counts shared by every process on the file.
    version: 11,
    sql: `
      CREATE TABLE rate_counts (
        key          TEXT PRIMARY KEY,
        window_start INTEGER NOT NULL,
        actions      INTEGER NOT NULL
      ) STRICT, WITHOUT ROWID;
    `,
  },
  {
    // Teams people by tenant and Azure AD object id instead of their `29:` id (teams-keys.ts).
    version: 12,
    sql: teamsKeys({
      text: (path) => `json_extract(ref, '$.${path.join('.')}')`,
      valid: (id) => `length(${id}) BETWEEN 1 AND 64 AND ${id} NOT GLOB '*[^A-Za-z0-9_-]*'`,
      set: (column, path, value) => `json_set(${column}, '$.${path.join('.')}', ${value})`,
    }),
  },
  {
    // The insight report: a decision's task type and creation (its time to decision), and what
    // the poller did about waiting tasks (their entries reuse the task columns).
    version: 13,
    sql: `
      ALTER TABLE audit_log ADD COLUMN task_type TEXT;
      ALTER TABLE audit_log ADD COLUMN task_created_at INTEGER;
      ALTER TABLE audit_log ADD COLUMN decided_by TEXT;
    `,
  },
  {
    // A decision's application by id: an approver's card counts how its requests were decided.
    version: 14,
    sql: `
      ALTER TABLE audit_log ADD COLUMN app_id TEXT;
      CREATE INDEX audit_log_app ON audit_log (app_id, at) WHERE app_id IS NOT NULL;
    `,
  },
  outboxKinds(15, 'INTEGER'),
  requesters(16, dialect),
  {
    // A task's facts beyond its application and requester (its level, the person it is about,
    // an offboarding step), so a reader's own language can name it: no English title is kept.
    version: 17,
    sql: `
      ALTER TABLE audit_log ADD COLUMN level_name TEXT;
      ALTER TABLE audit_log ADD COLUMN user_name TEXT;
      ALTER TABLE audit_log ADD COLUMN task_step TEXT;
    `,
  },
  questions(18, dialect),
  apps(22, dialect),
  asks(23, dialect),
  {
    // The insight report: the period's entries of an action in order of time, with the task and
    // outcome it needs; a decision's other tasks by their creation instant; whether a task was
    // closed, from the index alone.
    version: 24,
    sql: `
      CREATE INDEX audit_log_action_at ON audit_log (action, at, id, task_id, outcome);
      CREATE INDEX audit_log_task_created ON audit_log (task_created_at)
        WHERE task_created_at IS NOT NULL;
      CREATE INDEX audit_log_task_action ON audit_log (task_id, action, outcome, at);
    `,
  },
  cadence(25, dialect),
  activeFirst(26),
  confirmations(27, dialect),
];
