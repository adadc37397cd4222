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
const dialect: Dialect = { instant: 'timestamptz', json: 'jsonb', strict: '' };

/**
 * The PostgreSQL schema (append-only, see Migration): the same logical tables as SQLite's, with
 * timestamptz dates. Each migration runs inside the one migrating transaction, so it must not use
 * statements PostgreSQL refuses there (e.g. CREATE INDEX CONCURRENTLY).
 */
export const migrations: readonly Migration[] = [
  {
    version: 1,
    sql: `
      CREATE TABLE identity_links (
        platform       text NOT NULL,
        chat_user_id   text NOT NULL,
        access_user_id text NOT NULL,
        email          text NOT NULL,
        display_name   text,
        linked_at      timestamptz NOT NULL,
        PRIMARY KEY (platform, chat_user_id)
      );
      CREATE INDEX identity_links_access_user_id ON identity_links (access_user_id);

      CREATE TABLE audit_log (
        id             bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        at             timestamptz NOT NULL,
        platform       text NOT NULL,
        chat_user_id   text NOT NULL,
        access_user_id text,
        task_id        text NOT NULL,
        action         text NOT NULL,
        reason         text,
        outcome        text NOT NULL,
        detail         text
      );
      CREATE INDEX audit_log_task_id_at ON audit_log (task_id, at);
      CREATE INDEX audit_log_at ON audit_log (at);
    `,
  },
  {
    version: 2,
    sql: `
      CREATE TABLE notifications (
        task_id        text NOT NULL,
        platform       text NOT NULL,
        recipient      text NOT NULL,
        access_user_id text NOT NULL,
        claimed_at     timestamptz NOT NULL,
        claimed_by     text NOT NULL,
        message_ref    jsonb,
        sent_at        timestamptz,
        reminded_at    timestamptz,
        resolved_at    timestamptz,
        PRIMARY KEY (task_id, platform, recipient)
      );
      CREATE INDEX notifications_open ON notifications (access_user_id) WHERE resolved_at IS NULL;

      CREATE TABLE bot_requests (
        access_id          text PRIMARY KEY,
        access_user_id     text NOT NULL,
        work_app_id        text NOT NULL,
        task_ids           jsonb NOT NULL,
        requested_at       timestamptz NOT NULL,
        outcome_claimed_at timestamptz,
        outcome_claimed_by text,
        outcome_sent_at    timestamptz
      );
      CREATE INDEX bot_requests_open ON bot_requests (requested_at) WHERE outcome_sent_at IS NULL;

      CREATE TABLE poll_schedule (
        access_user_id   text PRIMARY KEY,
        next_due_at      timestamptz NOT NULL,
        poked            boolean NOT NULL DEFAULT false,
        lease_owner      text,
        lease_expires_at timestamptz
      );
      CREATE INDEX poll_schedule_due ON poll_schedule (next_due_at);

      CREATE TABLE scheduled_runs (
        job         text PRIMARY KEY,
        next_run_at timestamptz NOT NULL
      );

      CREATE TABLE conversation_refs (
        platform     text NOT NULL,
        chat_user_id text NOT NULL,
        ref          jsonb NOT NULL,
        PRIMARY KEY (platform, chat_user_id)
      );
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
        platform     text NOT NULL,
        chat_user_id text NOT NULL,
        task_ids     jsonb NOT NULL,
        saved_at     timestamptz NOT NULL,
        PRIMARY KEY (platform, chat_user_id)
      );
    `,
  },
  {
    // A person may see a task's details only if it is or was in their own list.
    version: 5,
    sql: `
      CREATE TABLE task_audience (
        access_user_id text NOT NULL,
        task_id        text NOT NULL,
        shown_at       timestamptz NOT NULL,
        PRIMARY KEY (access_user_id, task_id)
      );
    `,
  },
  {
    // The outbox: each notification's pending send or edit, and the replicas' heartbeats. Claims
    // left unsent by an older build carry no message to send: dropped, the next poll claims anew.
    version: 6,
    sql: `
      DELETE FROM notifications WHERE message_ref IS NULL AND resolved_at IS NULL;
      ALTER TABLE notifications ADD COLUMN delivery_id text;
      ALTER TABLE notifications ADD COLUMN destination jsonb;
      ALTER TABLE notifications ADD COLUMN intent_kind text;
      ALTER TABLE notifications ADD COLUMN intent_body jsonb;
      ALTER TABLE notifications ADD COLUMN intent_owner text;
      ALTER TABLE notifications ADD COLUMN intent_owned_at timestamptz;
      ALTER TABLE notifications ADD COLUMN intent_due_at timestamptz;
      ALTER TABLE notifications ADD COLUMN intent_attempts integer NOT NULL DEFAULT 0;
      ALTER TABLE notifications ADD COLUMN intent_seq integer NOT NULL DEFAULT 0;
      CREATE INDEX notifications_intents ON notifications (intent_due_at)
        WHERE intent_kind IS NOT NULL;

      CREATE TABLE replicas (
        id           text PRIMARY KEY,
        heartbeat_at timestamptz NOT NULL
      );
    `,
  },
  {
    // Signed requests already seen (Slack requests, webhook deliveries): replays are refused.
    version: 7,
    sql: `
      CREATE TABLE replay_guard (
        key          text PRIMARY KEY,
        forget_after timestamptz NOT NULL
      );
      CREATE INDEX replay_guard_forget ON replay_guard (forget_after);
    `,
  },
  {
    // Membership changes join decisions in the audit log (old rows read as they were), wait for
    // their confirmation in group_changes, and channels can be bound to a group.
    version: 8,
    sql: `
      ALTER TABLE audit_log ALTER COLUMN task_id DROP NOT NULL;
      ALTER TABLE audit_log ADD COLUMN group_id text;
      ALTER TABLE audit_log ADD COLUMN group_name text;
      ALTER TABLE audit_log ADD COLUMN target_user_id text;
      ALTER TABLE audit_log ADD COLUMN target_name text;
      ALTER TABLE audit_log ADD COLUMN target_email text;
      CREATE INDEX audit_log_access_user ON audit_log (access_user_id, at);
      CREATE INDEX audit_log_target_user ON audit_log (target_user_id, at)
        WHERE target_user_id IS NOT NULL;

      CREATE TABLE group_changes (
        id             text PRIMARY KEY,
        platform       text NOT NULL,
        chat_user_id   text NOT NULL,
        access_user_id text NOT NULL,
        action         text NOT NULL,
        group_id       text NOT NULL,
        group_name     text NOT NULL,
        target_user_id text NOT NULL,
        target_name    text,
        target_email   text,
        created_at     timestamptz NOT NULL,
        expires_at     timestamptz NOT NULL,
        state          text NOT NULL,
        outcome        text,
        updated_at     timestamptz NOT NULL
      );
      CREATE INDEX group_changes_expires ON group_changes (expires_at);

      CREATE TABLE channel_groups (
        platform   text NOT NULL,
        channel_id text NOT NULL,
        group_id   text NOT NULL,
        group_name text NOT NULL,
        bound_by   text NOT NULL,
        bound_at   timestamptz NOT NULL,
        PRIMARY KEY (platform, channel_id)
      );
    `,
  },
  {
    // A decision's task by what people recognise: its title, application and requester.
    version: 9,
    sql: `
      ALTER TABLE audit_log ADD COLUMN task_title text;
      ALTER TABLE audit_log ADD COLUMN app_name text;
      ALTER TABLE audit_log ADD COLUMN requester_name text;
    `,
  },
  {
    // Per-person action counts shared by every replica.
    version: 10,
    sql: `
      CREATE TABLE rate_counts (
        key          text PRIMARY KEY,
        window_start timestamptz NOT NULL,
        actions      integer NOT NULL
      );
    `,
  },
  {
    // Teams people by tenant and Azure AD object id instead of their `29:` id (teams-keys.ts).
    version: 11,
    sql: teamsKeys({
      text: (path) => `ref #>> '{${path.join(',')}}'`,
      valid: (id) => `${id} ~ '^[A-Za-z0-9_-]{1,64}$'`,
      set: (column, path, value) =>
        `jsonb_set(${column}, '{${path.join(',')}}', to_jsonb(${value}))`,
    }),
  },
  {
    // The insight report: a decision's task type and creation (its time to decision), and what
    // the poller did about waiting tasks (their entries reuse the task columns).
    version: 12,
    sql: `
      ALTER TABLE audit_log ADD COLUMN task_type text;
      ALTER TABLE audit_log ADD COLUMN task_created_at timestamptz;
      ALTER TABLE audit_log ADD COLUMN decided_by text;
    `,
  },
  {
    // A decision's application by id: an approver's card counts how its requests were decided.
    version: 13,
    sql: `
      ALTER TABLE audit_log ADD COLUMN app_id text;
      CREATE INDEX audit_log_app ON audit_log (app_id, at) WHERE app_id IS NOT NULL;
    `,
  },
  outboxKinds(14, 'timestamptz'),
  requesters(15, dialect),
  {
    // A task's facts beyond its application and requester (its level, the person it is about,
    // an offboarding step), so a reader's own language can name it: no English title is kept.
    version: 16,
    sql: `
      ALTER TABLE audit_log ADD COLUMN level_name text;
      ALTER TABLE audit_log ADD COLUMN user_name text;
      ALTER TABLE audit_log ADD COLUMN task_step text;
    `,
  },
  questions(17, dialect),
  apps(21, dialect),
  asks(22, dialect),
  {
    // The insight report: the period's entries of an action in order of time, with the task and
    // outcome it needs; a decision's other tasks by their creation instant; whether a task was
    // closed, from the index alone.
    version: 23,
    sql: `
      CREATE INDEX audit_log_action_at ON audit_log (action, at, id) INCLUDE (task_id, outcome);
      CREATE INDEX audit_log_task_created ON audit_log (task_created_at)
        WHERE task_created_at IS NOT NULL;
      CREATE INDEX audit_log_task_action ON audit_log (task_id, action, outcome, at);
    `,
  },
  cadence(24, dialect),
  activeFirst(25),
  {
    // Every poll rewrites its person's row twice (the lease, then the next due time). Room left
    // on each page lets the lease's update stay on the page without touching an index (a HOT
    // update), and vacuuming after 2 % of rows changed, not the default 20 %, keeps the dead rows
    // a lease reads through few. The fillfactor applies to pages written from now on.
    version: 26,
    sql: `
      ALTER TABLE poll_schedule SET (fillfactor = 70, autovacuum_vacuum_scale_factor = 0.02,
        autovacuum_analyze_scale_factor = 0.05);
    `,
  },
  confirmations(27, dialect),
];
