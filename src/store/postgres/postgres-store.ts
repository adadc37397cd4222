import pg from 'pg';
import { StoreError } from '../errors.ts';
import { postgresMigrations } from '../migrations.ts';
import { sqlStore } from '../sql-store.ts';
import type { Store } from '../store.ts';
import { PgDb } from './db.ts';
import { migrate } from './migrate.ts';
import { vacuumWarnings } from './vacuum-check.ts';

export interface PostgresStoreOptions {
  poolSize?: number;
  /** An idle pooled connection's error (pg replaces it); the store has no logger. */
  onError?: (error: Error) => void;
  /** Server settings that will slow the bot (vacuumWarnings). */
  onWarning?: (warning: string) => void;
}

const DEFAULT_POOL_SIZE = 10;
/** Without it pg waits forever for an unreachable server, or for a free pooled connection. */
const CONNECT_TIMEOUT_MS = 10_000;

/**
 * The store for several replicas, migrated before it is returned. Tables live in the
 * connection's search_path (`?options=-c search_path=NAME`).
 */
export async function openPostgresStore(
  url: string,
  options: PostgresStoreOptions = {},
): Promise<Store> {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.poolSize ?? DEFAULT_POOL_SIZE,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
  });
  // Without a listener, an idle connection's error would crash the process.
  pool.on('error', (error) => options.onError?.(error));
  try {
    await migrate(pool, postgresMigrations);
    for (const warning of await vacuumWarnings(pool)) options.onWarning?.(warning);
  } catch (error) {
    await pool.end();
    throw openFailed(url, error);
  }
  return sqlStore(new PgDb(pool));
}

/** Names the target as pg reads the URL, and masks the password in case a message quotes it. */
function openFailed(url: string, error: unknown): StoreError {
  let target = 'database (DATABASE_URL is not a valid URL: percent-encode special characters)';
  let password = '';
  let user = 'of DATABASE_URL';
  try {
    const client = new pg.Client(url);
    target = `database "${client.database}" on ${client.host}:${client.port}`;
    password = client.password ?? '';
    user = client.user ?? user;
  } catch {
    // The invalid URL is the reason, already said in `target`.
  }
  const reason = reasonOf(error) + fixOf(error, user);
  const shown = password === '' ? reason : reason.replaceAll(password, '***');
  return new StoreError('STORE_OPEN_FAILED', `cannot open PostgreSQL ${target}: ${shown}`, {
    cause: error,
  });
}

const INSUFFICIENT_PRIVILEGE = '42501';

function fixOf(error: unknown, user: string): string {
  return error instanceof pg.DatabaseError && error.code === INSUFFICIENT_PRIVILEGE
    ? ` — grant the role ${user} rights on the tables of its schema (GRANT ALL ON ALL TABLES IN SCHEMA … TO ${user}), or run accessbot once as the tables' owner so that it migrates them`
    : '';
}

/** A refused `localhost` is an AggregateError of one error per address, with an empty message. */
function reasonOf(error: unknown): string {
  if (error instanceof AggregateError) return error.errors.map(reasonOf).join('; ');
  if (!(error instanceof Error)) return String(error);
  return error.message || ((error as NodeJS.ErrnoException).code ?? error.name);
}
