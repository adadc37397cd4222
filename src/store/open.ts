import { parseDatabaseUrl } from './database-url.ts';
import { StoreError } from './errors.ts';
import { SqliteStore } from './sqlite/sqlite-store.ts';
import type { Store } from './store.ts';

/** Opens the store `DATABASE_URL` names, migrated and ready; the default URL is config's job. */
export async function openStore(databaseUrl: string): Promise<Store> {
  const target = parseDatabaseUrl(databaseUrl);
  switch (target.kind) {
    case 'sqlite':
      return SqliteStore.open(target.file);
    case 'postgres':
      // The PostgreSQL store arrives with the poller issue (it is what lets replicas share work).
      throw new StoreError(
        'STORE_URL_UNSUPPORTED',
        'PostgreSQL support arrives with the poller; use sqlite:PATH for now',
      );
  }
}
