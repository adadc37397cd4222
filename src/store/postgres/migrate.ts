import type { Pool } from 'pg';
import { type Migration, refuseNewerSchema } from '../migration.ts';
import { transaction } from './transaction.ts';

/** Transaction-scoped, so it never outlives the migrating transaction, even if the process dies. */
const MIGRATION_LOCK = "hashtext('accessbot schema_migrations')";

/**
 * One transaction under an advisory lock: replicas starting together queue, so every migration
 * runs exactly once, and a failed one leaves the previous version intact.
 */
export async function migrate(pool: Pool, migrations: readonly Migration[]): Promise<void> {
  await transaction(pool, async (client) => {
    await client.query(`SELECT pg_advisory_xact_lock(${MIGRATION_LOCK})`);
    await client.query(`
      CREATE TABLE IF NOT EXISTS schema_migrations (
        version    integer PRIMARY KEY,
        applied_at timestamptz NOT NULL DEFAULT now()
      )
    `);
    const { rows } = await client.query<{ version: number }>(
      'SELECT version FROM schema_migrations',
    );
    const applied = new Set(rows.map((row) => row.version));
    refuseNewerSchema(Math.max(0, ...applied), migrations);

    for (const migration of migrations) {
      if (applied.has(migration.version)) continue;
      await client.query(migration.sql);
      await client.query('INSERT INTO schema_migrations (version) VALUES ($1)', [
        migration.version,
      ]);
    }
  });
}
