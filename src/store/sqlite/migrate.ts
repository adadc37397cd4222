import type { DatabaseSync } from 'node:sqlite';
import { type Migration, refuseNewerSchema } from '../migration.ts';

/**
 * Each migration re-checks in its own IMMEDIATE transaction, so two processes opening the file at
 * once apply it exactly once, and a failed one leaves the previous version intact.
 */
export function migrate(db: DatabaseSync, migrations: readonly Migration[]): void {
  db.exec(`
    CREATE TABLE IF NOT EXISTS schema_migrations (
      version    INTEGER PRIMARY KEY,
      applied_at INTEGER NOT NULL
    ) STRICT
  `);
  const newest = db.prepare('SELECT max(version) AS version FROM schema_migrations').get();
  refuseNewerSchema(Number(newest?.version ?? 0), migrations);

  const isApplied = db.prepare('SELECT 1 FROM schema_migrations WHERE version = ?');
  const record = db.prepare('INSERT INTO schema_migrations (version, applied_at) VALUES (?, ?)');
  for (const migration of migrations) {
    db.exec('BEGIN IMMEDIATE');
    try {
      if (isApplied.get(migration.version) === undefined) {
        db.exec(migration.sql);
        record.run(migration.version, Date.now());
      }
      db.exec('COMMIT');
    } catch (error) {
      db.exec('ROLLBACK');
      throw error;
    }
  }
}
