/**
 * Signed requests already seen, and per-person action counts: one upsert each, whose primary key
 * lets one replica win. An expired replay row is claimed afresh and a new window starts a count
 * afresh, so past rows are harmless and deleted in bulk once a minute, not on every request.
 */
import type { RateStore, ReplayStore } from '../roles.ts';
import { type SqlDb, sql } from '../sql.ts';

const PRUNE_EVERY_MS = 60_000;

export function replayTables(db: SqlDb): ReplayStore {
  let nextPrune = Number.NEGATIVE_INFINITY;
  return {
    async firstSeen(key, now, forgetAfter) {
      if (now.getTime() >= nextPrune) {
        nextPrune = now.getTime() + PRUNE_EVERY_MS;
        await db.run('pruneReplays', sql`DELETE FROM replay_guard WHERE forget_after < ${now}`);
      }
      const claimed = await db.run(
        'firstSeen',
        sql`INSERT INTO replay_guard (key, forget_after) VALUES (${key}, ${forgetAfter})
            ON CONFLICT (key) DO UPDATE SET forget_after = excluded.forget_after
            WHERE replay_guard.forget_after < ${now}`,
      );
      return claimed === 1;
    },
  };
}

export function rateTables(db: SqlDb): RateStore {
  let nextPrune = Number.NEGATIVE_INFINITY;
  return {
    async countAction(key, window) {
      if (window.getTime() >= nextPrune) {
        nextPrune = window.getTime() + PRUNE_EVERY_MS;
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
