import type { Dialect } from './migration.ts';

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
