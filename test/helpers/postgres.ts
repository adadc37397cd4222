/**
 * Stores on the PostgreSQL of TEST_DATABASE_URL for replica tests: before each test `count`
 * stores opened on an empty schema (each its own pool, as separate replicas have), closed after
 * it. The schema is the block's, migrated by its first test and emptied before each other one.
 * Call inside a `describe.skipIf(!process.env.TEST_DATABASE_URL)`.
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { GENESIS_HASH } from '../../src/store/audit-chain.ts';
import { openStore } from '../../src/store/open.ts';
import type { Store } from '../../src/store/store.ts';

export function usePostgresStores(prefix: string, count: number): { stores: Store[] } {
  const databaseUrl = process.env.TEST_DATABASE_URL ?? '';
  const holder = { stores: [] as Store[] };
  const schema = usePostgresSchema(prefix);
  let admin: pg.Pool;
  beforeAll(() => {
    admin = new pg.Pool({ connectionString: databaseUrl });
  });
  afterAll(async () => {
    await admin.end();
  });
  beforeEach(async () => {
    await emptySchema(admin, schema.name);
    holder.stores = await Promise.all(Array.from({ length: count }, () => openStore(schema.url)));
  });
  afterEach(async () => {
    await Promise.all(holder.stores.map((s) => s.close()));
  });
  return holder;
}

/**
 * Leaves a migrated schema as a new one would be: every table but the migrations' record
 * emptied, every sequence restarted. DELETE, not TRUNCATE: on tables this small it takes
 * milliseconds, where TRUNCATE's new files (or a new schema's migrations) take most of a second.
 */
export async function emptySchema(admin: pg.Pool, schema: string): Promise<void> {
  const { rows } = await admin.query<{ sql: string }>(
    `SELECT format('DELETE FROM %I.%I', schemaname, tablename) AS sql FROM pg_tables
       WHERE schemaname = $1 AND tablename NOT IN ('schema_migrations', 'audit_chain')
     UNION ALL
     SELECT format('ALTER SEQUENCE %I.%I RESTART', schemaname, sequencename) FROM pg_sequences
       WHERE schemaname = $1`,
    [schema],
  );
  if (rows.length) await admin.query(rows.map((r) => r.sql).join(';'));
  // The audit chain's head, as its migration left it (when the schema is migrated).
  await admin
    .query(
      `UPDATE ${pg.escapeIdentifier(schema)}.audit_chain SET link = 0, hash = $1, entry_id = NULL,
       start_link = 0, start_hash = $1, genesis_id = 0`,
      [GENESIS_HASH],
    )
    .catch((error: { code?: string }) => {
      if (error.code !== '42P01') throw error;
    });
}

/**
 * A fresh schema of TEST_DATABASE_URL for the whole describe block, for processes started on it:
 * `url` is the DATABASE_URL that puts them there. Dropped after the block.
 */
export function usePostgresSchema(prefix: string): { name: string; url: string } {
  const databaseUrl = process.env.TEST_DATABASE_URL ?? '';
  const schema = `${prefix}_${randomUUID().replaceAll('-', '')}`;
  const holder = { name: schema, url: '' };
  let admin: pg.Pool;
  beforeAll(async () => {
    admin = new pg.Pool({ connectionString: databaseUrl });
    await admin.query(`CREATE SCHEMA ${pg.escapeIdentifier(schema)}`);
    const url = new URL(databaseUrl);
    url.searchParams.set('options', `-c search_path=${schema}`);
    holder.url = url.href;
  });
  afterAll(async () => {
    await admin.query(`DROP SCHEMA IF EXISTS ${pg.escapeIdentifier(schema)} CASCADE`);
    await admin.end();
  });
  return holder;
}
