/**
 * A store written by an older build and opened by this one: the schema up to (not including)
 * `version`, the old rows written with the old schema's SQL, then `openStore` — which applies the
 * rest — and `body` with the store, closed (and the PostgreSQL schema dropped) after it.
 */
import { randomUUID } from 'node:crypto';
import { DatabaseSync } from 'node:sqlite';
import pg from 'pg';
import type { Migration } from '../../src/store/migration.ts';
import { postgresMigrations, sqliteMigrations } from '../../src/store/migrations.ts';
import { openStore } from '../../src/store/open.ts';
import { migrate as migratePostgres } from '../../src/store/postgres/migrate.ts';
import { migrate as migrateSqlite } from '../../src/store/sqlite/migrate.ts';
import type { Store } from '../../src/store/store.ts';

const before = (all: readonly Migration[], version: number) =>
  all.filter((m) => m.version < version);

async function opened(url: string, body: (store: Store) => Promise<void>): Promise<void> {
  const store = await openStore(url);
  try {
    await body(store);
  } finally {
    await store.close();
  }
}

/** On the SQLite file `file`. */
export async function upgradedSqlite(
  file: string,
  version: number,
  write: (old: DatabaseSync) => void,
  body: (store: Store) => Promise<void>,
): Promise<void> {
  const old = new DatabaseSync(file);
  migrateSqlite(old, before(sqliteMigrations, version));
  write(old);
  old.close();
  await opened(`sqlite:${file}`, body);
}

/** On a new schema of the PostgreSQL of TEST_DATABASE_URL. */
export async function upgradedPostgres(
  version: number,
  write: (old: pg.Pool) => Promise<void>,
  body: (store: Store) => Promise<void>,
): Promise<void> {
  const databaseUrl = process.env.TEST_DATABASE_URL ?? '';
  const schema = `accessbot_test_${randomUUID().replaceAll('-', '')}`;
  const admin = new pg.Pool({ connectionString: databaseUrl });
  await admin.query(`CREATE SCHEMA ${pg.escapeIdentifier(schema)}`);
  const url = new URL(databaseUrl);
  url.searchParams.set('options', `-c search_path=${schema}`);
  try {
    const old = new pg.Pool({ connectionString: url.href });
    await migratePostgres(old, before(postgresMigrations, version));
    await write(old);
    await old.end();
    await opened(url.href, body);
  } finally {
    await admin.query(`DROP SCHEMA ${pg.escapeIdentifier(schema)} CASCADE`);
    await admin.end();
  }
}
