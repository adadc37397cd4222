/** Signed requests already seen, on PostgreSQL: the primary key lets one replica win. */
import { PruneSchedule, REPLAY_CLAIM_SQL } from '../replay-claim.ts';
import type { ReplayStore } from '../roles.ts';
import { changed, type PgDb } from './db.ts';

export function postgresReplayTables(db: PgDb): ReplayStore {
  const prune = new PruneSchedule();
  return {
    async firstSeen(key, now, forgetAfter) {
      if (prune.due(now)) {
        await db.query('pruneReplays', 'DELETE FROM replay_guard WHERE forget_after < $1', [now]);
      }
      return changed(
        await db.query('firstSeen', REPLAY_CLAIM_SQL('$1', '$2', '$3'), [key, forgetAfter, now]),
      );
    },
  };
}
