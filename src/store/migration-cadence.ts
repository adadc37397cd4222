import type { Dialect } from './migration.ts';

/**
 * Each person's polling cadence in the shared schedule, so that replicas and restarts agree: the
 * cadence their next poll was set by (`cadence`), why they are due next (`due_reason`, for the
 * metrics), when something last happened to them (`active_at`: a task found, a request made) and
 * when they were last polled (`polled_at`); the people a delivery named (`poked`) are found by an
 * index of their own, so that they are leased before any backlog. `webhook_events` keeps, for every replica, when the
 * last signed delivery came and when a delivery was last found missing.
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

/**
 * The people polled at the interval, in the order of their due time, by an index of their own:
 * when the poller runs behind, they are leased before the backlog of everyone else.
 */
export const activeFirst = (): string =>
  `CREATE INDEX poll_schedule_active ON poll_schedule (next_due_at) WHERE cadence = 'active';`;
