/**
 * Signed requests already seen; the primary key lets one replica win. An expired row is claimed
 * afresh, so expired rows are harmless and deleted in bulk once a minute, not on every request.
 */
import type { ReplayStore } from '../roles.ts';
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
