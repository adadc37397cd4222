import { resolve } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { preparePrivateFile } from '../../private-file.ts';
import { StoreError } from '../errors.ts';
import { sqliteMigrations } from '../migrations.ts';
import { sqlStore } from '../sql-store.ts';
import type { Store } from '../store.ts';
import { temporaryCounts } from '../tables/rate-schema.ts';
import { SqliteDb } from './db.ts';
import { migrate } from './migrate.ts';

/** A write waits this long for another process's lock on the file. */
const BUSY_TIMEOUT_MS = 5000;
const MEMORY = ':memory:';
const SQLITE_CANTOPEN = 14;

/** The default store: one synchronous `node:sqlite` connection, migrated before it is returned. */
export function openSqliteStore(file: string): Store {
  const inMemory = file === MEMORY;
  const shown = inMemory ? MEMORY : resolve(file);
  let connection: DatabaseSync | undefined;
  try {
    if (!inMemory) preparePrivateFile(shown, ['', '-wal', '-shm', '-journal']);
    connection = new DatabaseSync(file);
    connection.exec(`PRAGMA busy_timeout = ${BUSY_TIMEOUT_MS}`);
    // WAL lets readers run while the poller writes; `:memory:` silently keeps its own mode.
    connection.exec('PRAGMA journal_mode = WAL');
    connection.exec('PRAGMA foreign_keys = ON');
    // In WAL mode NORMAL survives any crash of the process (what the crash tests kill); only a
    // power cut can lose the last commits. FULL cost an fsync on the event loop per write.
    connection.exec('PRAGMA synchronous = NORMAL');
    migrate(connection, sqliteMigrations);
    connection.exec(temporaryCounts);
  } catch (error) {
    connection?.close();
    throw new StoreError(
      'STORE_OPEN_FAILED',
      `cannot open SQLite database ${shown}: ${openFailureReason(error)}`,
      { cause: error },
    );
  }
  return sqlStore(new SqliteDb(connection));
}

/** Node's and SQLite's wording for the two usual set-up mistakes is cryptic; say what is wrong. */
function openFailureReason(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const { code, syscall, path, errcode } = error as NodeJS.ErrnoException & { errcode?: number };
  if (code === 'EEXIST' && syscall === 'mkdir') return `${path} exists and is not a directory`;
  if (errcode === SQLITE_CANTOPEN) {
    return `${error.message} (is it a directory, or is its directory not writable?)`;
  }
  return error.message;
}
