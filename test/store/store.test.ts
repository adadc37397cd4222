import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, describe, expect, it } from 'vitest';
import { StoreError } from '../../src/store/errors.ts';
import { openStore } from '../../src/store/open.ts';
import { expectClaimedOnceAcross } from './confirmations-contract.ts';
import { audit, describeStoreContract, expectStoreError, link } from './contract.ts';

const root = mkdtempSync(join(tmpdir(), 'accessbot-store-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const freshDir = () => mkdtempSync(join(root, 'case-'));

describeStoreContract('SQLite in memory', () => openStore('sqlite::memory:'));
describeStoreContract('SQLite file', () => openStore(`sqlite:${join(freshDir(), 'a', 'b.db')}`));

/** Reads the file behind a closed store, as an operator with the sqlite3 shell would. */
function inspect<T>(file: string, read: (db: DatabaseSync) => T): T {
  const db = new DatabaseSync(file);
  try {
    return read(db);
  } finally {
    db.close();
  }
}

const migrationRows = (file: string) =>
  inspect(file, (db) => db.prepare('SELECT version, applied_at FROM schema_migrations').all());

const openFailure = (url: string) => expectStoreError(openStore(url), 'STORE_OPEN_FAILED');

describe('SQLite file store', () => {
  it('creates the missing directories of its path', async () => {
    const file = join(freshDir(), 'data', 'nested', 'accessbot.db');
    const store = await openStore(file);
    await store.close();
    expect(existsSync(file)).toBe(true);
  });

  it('keeps its data across a reopen and applies no migration twice', async () => {
    const file = join(freshDir(), 'accessbot.db');
    const first = await openStore(`sqlite:${file}`);
    await first.saveLink(link());
    await first.appendAudit(audit());
    await first.close();
    const migrated = migrationRows(file);
    expect(migrated.length).toBeGreaterThan(0);

    const second = await openStore(`sqlite:${file}`);
    expect(await second.getLink('slack', 'U01')).toEqual(link());
    expect(await second.listAudit()).toEqual([audit()]);
    await second.close();
    expect(migrationRows(file)).toEqual(migrated);
  });

  it('keeps rate counts out of the file: they start afresh when it is opened again', async () => {
    const file = join(freshDir(), 'accessbot.db');
    const window = new Date('2026-12-07T10:00:00Z');
    const first = await openStore(`sqlite:${file}`);
    await first.countAction('slack:U01', window);
    expect(await first.countAction('slack:U01', window)).toBe(2);
    await first.close();
    const tables = inspect(file, (db) =>
      db.prepare("SELECT name FROM sqlite_master WHERE name = 'rate_counts'").all(),
    );
    expect(tables).toEqual([]);
    const second = await openStore(`sqlite:${file}`);
    expect(await second.countAction('slack:U01', window)).toBe(1);
    await second.close();
  });

  it('claims a confirmation once between two processes on one file', async () => {
    const url = `sqlite:${join(freshDir(), 'accessbot.db')}`;
    const [first, second] = [await openStore(url), await openStore(url)];
    await expectClaimedOnceAcross(first, second);
    await Promise.all([first.close(), second.close()]);
  });

  it('uses the WAL journal, so readers do not wait for the writer', async () => {
    const file = join(freshDir(), 'accessbot.db');
    await (await openStore(file)).close();
    expect(inspect(file, (db) => db.prepare('PRAGMA journal_mode').get())).toEqual({
      journal_mode: 'wal',
    });
  });

  it('opens sqlite:///abs/path at that absolute path', async () => {
    const file = join(freshDir(), 'abs.db');
    await (await openStore(`sqlite://${file}`)).close();
    expect(existsSync(file)).toBe(true);
  });

  it.each([
    ['its parent', ['accessbot.db']],
    ['an ancestor', ['sub', 'accessbot.db']],
  ])(
    'refuses a path when %s is a regular file, naming the path and the reason',
    async (_, rest) => {
      const blocker = join(freshDir(), 'not-a-dir');
      writeFileSync(blocker, 'x');
      const file = join(blocker, ...rest);
      const error = await openFailure(`sqlite:${file}`);
      expect(error.message).toContain(file);
      expect(error.message).toContain('not a directory');
    },
  );

  it('refuses a path that is a directory, naming the path and the reason', async () => {
    const dir = freshDir();
    const error = await openFailure(`sqlite:${dir}`);
    expect(error.message).toContain(dir);
    expect(error.message).toContain('is it a directory');
  });

  it('refuses a file that is not a database, naming the path and the reason', async () => {
    const file = join(freshDir(), 'notes.txt');
    writeFileSync(file, 'these are not the pages you are looking for'.repeat(100));
    const error = await openFailure(file);
    expect(error.message).toContain(file);
    expect(error.message).toContain('not a database');
  });

  it.skipIf(process.getuid?.() === 0)('refuses a directory it may not write to', async () => {
    const locked = join(freshDir(), 'locked');
    mkdirSync(locked);
    chmodSync(locked, 0o500);
    const file = join(locked, 'accessbot.db');
    const error = await openFailure(file);
    expect(error.message).toContain(file);
  });

  it('refuses a database migrated by a newer accessbot', async () => {
    const file = join(freshDir(), 'accessbot.db');
    await (await openStore(file)).close();
    inspect(file, (db) => db.exec('INSERT INTO schema_migrations VALUES (999, 0)'));
    const error = await openFailure(file);
    expect(error.message).toContain(file);
    expect(error.message).toContain('999');
  });

  it('reports a damaged row as STORE_CORRUPT_ROW instead of returning it', async () => {
    const file = join(freshDir(), 'accessbot.db');
    const store = await openStore(file);
    inspect(file, (db) =>
      db.exec(`INSERT INTO identity_links VALUES ('irc', 'U9', 'a-9', 'x@example.com', NULL, 0)`),
    );
    const error = await store.listLinks().catch((e: unknown) => e);
    await store.close();
    expect(error).toBeInstanceOf(StoreError);
    expect((error as StoreError).code).toBe('STORE_CORRUPT_ROW');
  });

  it('reports JSON text that does not parse as STORE_CORRUPT_ROW, naming the column', async () => {
    const file = join(freshDir(), 'accessbot.db');
    const store = await openStore(file);
    inspect(file, (db) =>
      db.exec(`INSERT INTO conversation_refs VALUES ('teams', '29:a', '{"x":')`),
    );
    const error = await store.getConversationRef('teams', '29:a').catch((e: unknown) => e);
    await store.close();
    expect(error).toBeInstanceOf(StoreError);
    expect((error as StoreError).code).toBe('STORE_CORRUPT_ROW');
    expect((error as StoreError).message).toContain('ref is not JSON');
  });
});
