/**
 * Per-person action counts: one upsert starts the count afresh in a new window, so past windows'
 * rows are harmless and deleted in bulk once a minute.
 */
import type { RateStore } from '../roles.ts';
import { type SqlDb, sql } from '../sql.ts';

const MINUTE_MS = 60_000;

export function rateTables(db: SqlDb): RateStore {
  let nextPrune = Number.NEGATIVE_INFINITY;
  return {
    async countAction(key, window) {
      if (window.getTime() >= nextPrune) {
        nextPrune = window.getTime() + MINUTE_MS;
        await db.run('pruneRates', sql`DELETE FROM rate_counts WHERE window_start < ${window}`);
      }
      const [row] = await db.all(
        'countAction',
        sql`INSERT INTO rate_counts (key, window_start, actions) VALUES (${key}, ${window}, 1)
            ON CONFLICT (key) DO UPDATE SET
              actions = CASE WHEN rate_counts.window_start = excluded.window_start
                        THEN rate_counts.actions + 1 ELSE 1 END,
              window_start = excluded.window_start
            RETURNING actions`,
      );
      return Number(row?.actions);
    },
  };
}
