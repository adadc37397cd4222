/** Signed requests already seen, on PostgreSQL: the primary key lets one replica win. */
import type { ReplayStore } from '../roles.ts';
import { changed, type PgDb } from './db.ts';

export function postgresReplayTables(db: PgDb): ReplayStore {
  return {
    async firstSeen(key, now, forgetAfter) {
      return db.transaction('firstSeen', async (query) => {
        await query('DELETE FROM replay_guard WHERE forget_after < $1', [now]);
        return changed(
          await query(
            'INSERT INTO replay_guard (key, forget_after) VALUES ($1, $2) ON CONFLICT (key) DO NOTHING',
            [key, forgetAfter],
          ),
        );
      });
    },
  };
}
