import type { Dialect } from '../migration.ts';

/** Signed requests already seen: replays are refused. */
export const replayGuard = (t: Dialect): string => `
      CREATE TABLE replay_guard (
        key          TEXT PRIMARY KEY,
        forget_after ${t.instant} NOT NULL
      )${t.strict};
      CREATE INDEX replay_guard_forget ON replay_guard (forget_after);
    `;

/**
 * Two tables written on every command become one b-tree each (WITHOUT ROWID, SQLite); the replay
 * guard is pruned by a scan, so its forget_after index goes. Every row is kept. The task numbers
 * are the rest of migration 9.
 */
export const replayGuardRowid = (): string => `
      CREATE TABLE replay_guard_v9 (
        key          TEXT PRIMARY KEY,
        forget_after INTEGER NOT NULL
      ) STRICT, WITHOUT ROWID;
      INSERT INTO replay_guard_v9 SELECT key, forget_after FROM replay_guard;
      DROP TABLE replay_guard;
      ALTER TABLE replay_guard_v9 RENAME TO replay_guard;
`;

/** Per-person action counts shared by every replica. */
export const counts = (t: Dialect): string => `
      CREATE TABLE rate_counts (
        key          TEXT PRIMARY KEY,
        window_start ${t.instant} NOT NULL,
        actions      INTEGER NOT NULL
      )${t.sqlite ? ' STRICT, WITHOUT ROWID' : ''};
    `;

/**
 * A count lives a window of seconds and losing it forgives a few actions: no commit need wait for
 * the disk. PostgreSQL keeps it out of its log (UNLOGGED: emptied by a crash, not replicated);
 * SQLite, one process, keeps it in the connection's own temporary table (`temporaryCounts`).
 */
export const ephemeralCounts = (t: Dialect): string =>
  t.sqlite ? 'DROP TABLE rate_counts;' : 'ALTER TABLE rate_counts SET UNLOGGED;';

/** SQLite's counts, created on each connection: never written to the database file or its WAL. */
export const temporaryCounts = `
      CREATE TEMP TABLE IF NOT EXISTS rate_counts (
        key          TEXT PRIMARY KEY,
        window_start INTEGER NOT NULL,
        actions      INTEGER NOT NULL
      ) STRICT, WITHOUT ROWID;
    `;
