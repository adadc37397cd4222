import { parseDatabaseUrl } from './database-url.ts';
import { openPostgresStore, type PostgresStoreOptions } from './postgres/postgres-store.ts';
import { openSqliteStore } from './sqlite/sqlite-store.ts';
import type { Store } from './store.ts';

/** The default URL is config's job; `options` tune the PostgreSQL pool only. */
export async function openStore(
  databaseUrl: string,
  options: PostgresStoreOptions = {},
): Promise<Store> {
  const target = parseDatabaseUrl(databaseUrl);
  switch (target.kind) {
    case 'sqlite':
      return openSqliteStore(target.file);
    case 'postgres':
      return openPostgresStore(target.url, options);
  }
}
