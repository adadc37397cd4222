/**
 * The SQLite store at rest is owner-only: the directory accessbot creates for it is 0700, and
 * the database with its -wal and -shm files is 0600 — also a file an earlier version left
 * readable by others. A directory that already existed keeps its mode; the backup the docs show
 * is owner-only too. Checked with stat.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openStore } from '../../src/store/open.ts';
import { childEnv } from '../helpers/child-env.ts';

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

  it('stays owner-only in the backup docs/deployment.md shows, whatever the umask', async () => {
    const docs = readFileSync(new URL('../../docs/deployment.md', import.meta.url), 'utf8');
    // The block after "online backup", up to its container form: run as written.
    const command = /online backup[^`]*```sh\n([\s\S]*?)# in the container/.exec(docs)?.[1];
    expect(command).toContain("backup(new DatabaseSync('data/accessbot.db')");
    const dir = freshDir();
    const store = await openStore(join(dir, 'data', 'accessbot.db'));
    await store.saveLink(link);
    const run = spawnSync('sh', ['-c', `umask 022 && ${command}`], {
      cwd: dir,
      // The node running the tests, whatever `node` is first on PATH.
      env: childEnv({ PATH: `${dirname(process.execPath)}:${process.env.PATH}` }),
      encoding: 'utf8',
    });
    await store.close();
    expect(run.status, run.stderr).toBe(0);
    const backup = join(dir, 'data', 'accessbot-backup.db');
    expect(modeOf(backup)).toBe(0o600);
    const copy = await openStore(backup);
    expect(await copy.getLink('slack', 'U1')).toMatchObject({ email: 'ada@example.com' });
    await copy.close();
  });
});
