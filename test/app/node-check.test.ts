import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { entry, heapFlags } from '../helpers/start-command.ts';

const root = new URL('../../', import.meta.url);
const check = fileURLToPath(new URL('bin/check-node.mjs', root));
const read = (name: string) => readFileSync(new URL(name, root), 'utf8');

/** Runs `args` (the check by default) on this node, which reports `version` as its own. */
function checkAs(version: string, args = [check]) {
  const fake = `Object.defineProperty(process.versions, 'node', { value: '${version}' });`;
  return spawnSync(
    process.execPath,
    ['--import', `data:text/javascript,${encodeURIComponent(fake)}`, ...args],
    { cwd: root, encoding: 'utf8' },
  );
}

describe('the Node.js version check', () => {
  it.each([
    ['the check', [check]],
    // As the image, the systemd unit and a replica start it: node itself, no npm in between.
    ['accessbot’s own entry', [...heapFlags, entry]],
  ])(
    '%s stops an old Node with one line: what is needed, what runs, and how to get it',
    (_, args) => {
      const run = checkAs('20.20.2', args);
      expect(run.status).toBe(1);
      expect(run.stdout).toBe('');
      const lines = run.stderr.trimEnd().split('\n');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toContain('accessbot needs Node.js 24 (at least 22.19.0)');
      expect(lines[0]).toContain('this is Node.js 20.20.2');
      expect(lines[0]).toContain('`nvm install 24`');
    },
  );

  it('stops a Node just below the minimum, and lets the minimum and newer ones through silently', () => {
    expect(checkAs('22.18.9').status).toBe(1);
    for (const version of ['22.19.0', '24.0.0', '24.21.0', '25.1.0']) {
      const run = checkAs(version);
      expect({ version, status: run.status, stderr: run.stderr }).toEqual({
        version,
        status: 0,
        stderr: '',
      });
    }
  });

  it('runs before the tests and the sandbox, and the demo still gets the signals', () => {
    const { scripts } = JSON.parse(read('package.json')) as { scripts: Record<string, string> };
    for (const name of ['test', 'sandbox', 'teams:package']) {
      expect(scripts[name]).toMatch(/^node bin\/check-node\.mjs && /);
    }
    // `exec` replaces the shell with node, so SIGTERM reaches accessbot itself.
    expect(scripts.start).toMatch(/^exec node (--[\w-]+=\d+ )*bin\/accessbot\.mjs$/);
    expect(scripts.sandbox).toMatch(/&& exec node src\/sandbox\/main\.ts$/);
  });

  it('lets a new enough Node on to accessbot itself', () => {
    const run = checkAs('24.21.0', [entry, '--help']);
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/^usage: npm start\n/);
  });

  it('names the same Node for nvm, other version managers and npm', () => {
    expect(read('.nvmrc').trim()).toBe('24');
    expect(read('.node-version').trim()).toBe('24');
    expect(read('.npmrc')).toMatch(/^engine-strict=true$/m);
  });
});
