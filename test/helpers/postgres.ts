/**
 * Stores on the PostgreSQL of TEST_DATABASE_URL for replica tests: before each test a fresh
 * schema with `count` stores opened on it (each its own pool, as separate replicas have),
 * closed and dropped after it. Call inside a `describe.skipIf(!process.env.TEST_DATABASE_URL)`.
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { openStore } from '../../src/store/open.ts';
import type { Store } from '../../src/store/store.ts';

export function usePostgresStores(prefix: string, count: number): { stores: Store[] } {
  const databaseUrl = process.env.TEST_DATABASE_URL ?? '';
  const holder = { stores: [] as Store[] };
  let admin: pg.Pool;
  let schema: string;
  beforeAll(() => {
    admin = new pg.Pool({ connectionString: databaseUrl });
  });
  afterAll(async () => {
    await admin.end();
  });
  beforeEach(async () => {
    schema = `${prefix}_${randomUUID().replaceAll('-', '')}`;
    await admin.query(`CREATE SCHEMA ${pg.escapeIdentifier(schema)}`);
    const url = new URL(databaseUrl);
    url.searchParams.set('options', `-c search_path=${schema}`);
    holder.stores = await Promise.all(Array.from({ length: count }, () => openStore(url.href)));
  });
  afterEach(async () => {
    await Promise.all(holder.stores.map((s) => s.close()));
    await admin.query(`DROP SCHEMA ${pg.escapeIdentifier(schema)} CASCADE`);
  });
  return holder;
}

/**
 * A fresh schema of TEST_DATABASE_URL for the whole describe block, for processes started on it:
 * `url` is the DATABASE_URL that puts them there. Dropped after the block.
 */
export function usePostgresSchema(prefix: string): { url: string } {
  const databaseUrl = process.env.TEST_DATABASE_URL ?? '';
  const schema = `${prefix}_${randomUUID().replaceAll('-', '')}`;
  const holder = { url: '' };
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
