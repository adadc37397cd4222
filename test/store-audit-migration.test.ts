/**
 * Migration 8 keeps the audit log readable: a database written by the build before membership
 * changes (schema 7) is opened by this one, and its decisions read back as they were, beside a
 * membership change appended after — on SQLite and on PostgreSQL.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import type { Migration } from '../src/store/migration.ts';
import { openStore } from '../src/store/open.ts';
import { migrate as migratePostgres } from '../src/store/postgres/migrate.ts';
import { migrations as postgresMigrations } from '../src/store/postgres/migrations.ts';
import { migrate as migrateSqlite } from '../src/store/sqlite/migrate.ts';
import { migrations as sqliteMigrations } from '../src/store/sqlite/migrations.ts';
import { audit } from './store-contract.ts';
import { membership } from './store-groups-contract.ts';

const upToSeven = (all: readonly Migration[]) => all.filter((m) => m.version <= 7);
const OLD_ROW = `INSERT INTO audit_log
  (at, platform, chat_user_id, access_user_id, task_id, action, reason, outcome, detail)
  VALUES`;

const root = mkdtempSync(join(tmpdir(), 'accessbot-migration-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('audit log migration', () => {
  it('reads SQLite decisions written before membership changes existed', async () => {
    const file = join(root, 'v7.db');
    const old = new DatabaseSync(file);
    migrateSqlite(old, upToSeven(sqliteMigrations));
    old
      .prepare(
        `${OLD_ROW} (?, 'slack', 'U01', 'a-1', 'task-1', 'decline', 'not needed', 'declined', NULL)`,
      )
      .run(Date.UTC(2025, 2, 1, 10));
    old.close();

    const store = await openStore(`sqlite:${file}`);
    try {
      const decided = audit({ action: 'decline', reason: 'not needed', outcome: 'declined' });
      const change = membership({ at: new Date(Date.UTC(2025, 2, 1, 11)) });
      await store.appendAudit(change);
      expect(await store.listAudit()).toEqual([change, decided]);
    } finally {
      await store.close();
    }
  });

  const databaseUrl = process.env.TEST_DATABASE_URL;
  it.skipIf(databaseUrl === undefined)('reads PostgreSQL decisions written before', async () => {
    const schema = `accessbot_test_${randomUUID().replaceAll('-', '')}`;
    const admin = new pg.Pool({ connectionString: databaseUrl });
    await admin.query(`CREATE SCHEMA ${pg.escapeIdentifier(schema)}`);
    const url = new URL(databaseUrl ?? '');
    url.searchParams.set('options', `-c search_path=${schema}`);
    const old = new pg.Pool({ connectionString: url.href });
    try {
      await migratePostgres(old, upToSeven(postgresMigrations));
      await old.query(
        `${OLD_ROW} ($1, 'slack', 'U01', 'a-1', 'task-1', 'decline', 'not needed', 'declined', NULL)`,
        [new Date(Date.UTC(2025, 2, 1, 10))],
      );
      await old.end();
      const store = await openStore(url.href);
      try {
        const decided = audit({ action: 'decline', reason: 'not needed', outcome: 'declined' });
        const change = membership({ at: new Date(Date.UTC(2025, 2, 1, 11)) });
        await store.appendAudit(change);
        expect(await store.listAudit()).toEqual([change, decided]);
      } finally {
        await store.close();
      }
    } finally {
      await admin.query(`DROP SCHEMA ${pg.escapeIdentifier(schema)} CASCADE`);
      await admin.end();
    }
  });
});
