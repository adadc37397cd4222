/**
 * Migration 8 keeps the audit log readable: a database written by the build before membership
 * changes (schema 7) is opened by this one, and its decisions read back as they were, beside a
 * membership change appended after — on SQLite and on PostgreSQL.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Store } from '../../src/store/store.ts';
import { upgradedPostgres, upgradedSqlite } from '../helpers/upgraded.ts';
import { audit } from './contract.ts';
import { membership } from './groups-contract.ts';

const OLD_ROW = `INSERT INTO audit_log
  (at, platform, chat_user_id, access_user_id, task_id, action, reason, outcome, detail)
  VALUES`;

const root = mkdtempSync(join(tmpdir(), 'accessbot-migration-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('audit log migration', () => {
  const decided = () => audit({ action: 'decline', reason: 'not needed', outcome: 'declined' });
  const readsBoth = async (store: Store) => {
    const change = membership({ at: new Date(Date.UTC(2025, 2, 1, 11)) });
    await store.appendAudit(change);
    expect(await store.listAudit()).toEqual([change, decided()]);
  };

  it('reads SQLite decisions written before membership changes existed', () =>
    upgradedSqlite(
      join(root, 'v7.db'),
      8,
      (old) => {
        old
          .prepare(
            `${OLD_ROW} (?, 'slack', 'U01', 'a-1', 'task-1', 'decline', 'not needed', 'declined', NULL)`,
          )
          .run(Date.UTC(2025, 2, 1, 10));
      },
      readsBoth,
    ));

  it.skipIf(process.env.TEST_DATABASE_URL === undefined)(
    'reads PostgreSQL decisions written before',
    () =>
      upgradedPostgres(
        8,
        async (old) => {
          await old.query(
            `${OLD_ROW} ($1, 'slack', 'U01', 'a-1', 'task-1', 'decline', 'not needed', 'declined', NULL)`,
            [new Date(Date.UTC(2025, 2, 1, 10))],
          );
        },
        readsBoth,
      ),
  );
});
