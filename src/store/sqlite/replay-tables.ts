/** Signed requests already seen, on SQLite: one insert decides, under the file's write lock. */
import type { ReplayStore } from '../roles.ts';
import type { SqliteDb } from './db.ts';

export function sqliteReplayTables(db: SqliteDb): ReplayStore {
  return {
    async firstSeen(key, now, forgetAfter) {
      return db.run('firstSeen', () =>
        db.transaction(() => {
          db.statement('DELETE FROM replay_guard WHERE forget_after < ?').run(now.getTime());
          const inserted = db
            .statement(
              'INSERT INTO replay_guard (key, forget_after) VALUES (?, ?) ON CONFLICT (key) DO NOTHING',
            )
            .run(key, forgetAfter.getTime());
          return Number(inserted.changes) === 1;
        }),
      );
    },
  };
}
