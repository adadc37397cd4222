/**
 * The SQLite store at rest is owner-only: the directory accessbot creates for it is 0700, and
 * the database with its -wal and -shm files is 0600 — also a file an earlier version left
 * readable by others. A directory that already existed keeps its mode. Checked with stat.
 */
import { chmodSync, mkdtempSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openStore } from '../../src/store/open.ts';

const modeOf = (path: string) => statSync(path).mode & 0o777;
const freshDir = () => mkdtempSync(join(tmpdir(), 'accessbot-perm-'));
const link = {
  platform: 'slack' as const,
  chatUserId: 'U1',
  accessUserId: 'a-1',
  email: 'ada@example.com',
  displayName: 'Ada',
  linkedAt: new Date(),
};

describe.skipIf(process.platform === 'win32')('the SQLite file at rest', () => {
  it('is created owner-only, with its directory and its -wal and -shm files', async () => {
    const parent = freshDir();
    const parentMode = modeOf(parent);
    const file = join(parent, 'data', 'nested', 'accessbot.db');
    const store = await openStore(`sqlite:${file}`);
    await store.saveLink(link); // writes through the WAL
    expect(modeOf(join(parent, 'data'))).toBe(0o700);
    expect(modeOf(join(parent, 'data', 'nested'))).toBe(0o700);
    expect(modeOf(file)).toBe(0o600);
    expect(modeOf(`${file}-wal`)).toBe(0o600);
    expect(modeOf(`${file}-shm`)).toBe(0o600);
    expect(modeOf(parent)).toBe(parentMode);
    await store.close();
  });

  it('narrows a database and companions that an earlier run left readable by others', async () => {
    const dir = freshDir();
    const file = join(dir, 'accessbot.db');
    await (await openStore(file)).close();
    writeFileSync(`${file}-wal`, '');
    for (const path of [file, `${file}-wal`]) chmodSync(path, 0o644);
    chmodSync(dir, 0o755);
    const store = await openStore(file);
    expect(await store.getLink('slack', 'U1')).toBeUndefined();
    expect(modeOf(file)).toBe(0o600);
    expect(modeOf(`${file}-wal`)).toBe(0o600);
    expect(modeOf(`${file}-shm`)).toBe(0o600);
    // Not accessbot's to change: the directory existed before.
    expect(modeOf(dir)).toBe(0o755);
    await store.close();
  });
});
