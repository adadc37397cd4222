import { parseDatabaseUrl } from './database-url.ts';
import { PostgresStore, type PostgresStoreOptions } from './postgres/postgres-store.ts';
import { SqliteStore } from './sqlite/sqlite-store.ts';
import type { Store } from './store.ts';

/**
 * Opens the store `DATABASE_URL` names, migrated and ready; the default URL is config's job.
 * `options` tune the PostgreSQL pool; SQLite has none to tune.
 */
export async function openStore(
  databaseUrl: string,
  options: PostgresStoreOptions = {},
): Promise<Store> {
  const target = parseDatabaseUrl(databaseUrl);
  switch (target.kind) {
    case 'sqlite':
      return SqliteStore.open(target.file);
    case 'postgres':
      return PostgresStore.open(target.url, options);
  }
}
