/** Signed requests already seen, on SQLite: one insert decides, under the file's write lock. */

import { PruneSchedule, REPLAY_CLAIM_SQL } from '../replay-claim.ts';
import type { ReplayStore } from '../roles.ts';
import type { SqliteDb } from './db.ts';

export function sqliteReplayTables(db: SqliteDb): ReplayStore {
  const prune = new PruneSchedule();
  return {
    async firstSeen(key, now, forgetAfter) {
      return db.run('firstSeen', () => {
        if (prune.due(now)) {
          db.statement('DELETE FROM replay_guard WHERE forget_after < ?').run(now.getTime());
        }
        const claimed = db
          .statement(REPLAY_CLAIM_SQL('?', '?', '?'))
          .run(key, forgetAfter.getTime(), now.getTime());
        return Number(claimed.changes) === 1;
      });
    },
  };
}
