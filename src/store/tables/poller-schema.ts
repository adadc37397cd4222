import type { Dialect } from '../migration.ts';

/** The poll schedule, scheduled jobs and conversation references, the rest of migration 2. */
export const schedule = (t: Dialect): string => `
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
    `;

/**
 * Polling cadence in the shared schedule, so replicas and restarts agree; `poked` people have an
 * index of their own, to be leased before any backlog.
 */
export const cadence = (t: Dialect): string => `
    ALTER TABLE poll_schedule ADD COLUMN cadence TEXT NOT NULL DEFAULT 'active';
    ALTER TABLE poll_schedule ADD COLUMN due_reason TEXT NOT NULL DEFAULT 'new';
    ALTER TABLE poll_schedule ADD COLUMN active_at ${t.instant};
    ALTER TABLE poll_schedule ADD COLUMN polled_at ${t.instant};
    CREATE INDEX poll_schedule_poked ON poll_schedule (next_due_at) WHERE poked;

    CREATE TABLE webhook_events (
      kind TEXT PRIMARY KEY,
      at   ${t.instant} NOT NULL
    )${t.strict};
  `;

/** When the poller runs behind, `active` people are leased before everyone else's backlog. */
export const activeFirst = (): string =>
  `CREATE INDEX poll_schedule_active ON poll_schedule (next_due_at) WHERE cadence = 'active';`;

/**
 * Every poll rewrites its row twice: free room per page keeps the lease update HOT, and
 * vacuuming at 2 % (not 20 %) keeps few dead rows to read through. Applies to new pages.
 */
export const room = (): string => `
      ALTER TABLE poll_schedule SET (fillfactor = 70, autovacuum_vacuum_scale_factor = 0.02,
        autovacuum_analyze_scale_factor = 0.05);
    `;
