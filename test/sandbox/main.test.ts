import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it, vi } from 'vitest';
import { AccessClient } from '../../src/access/client.ts';
import { loadConfig } from '../../src/app/config.ts';
import { demoRequest } from '../../src/sandbox/demo-activity.ts';
import { users, workApps } from '../../src/sandbox/seed.ts';
import { startSandbox } from '../../src/sandbox/server.ts';
import { childEnv } from '../helpers/child-env.ts';
import { clientFor, fastRetry } from '../helpers/sandbox.ts';
import { startBot } from '../helpers/spawn.ts';
import { watch } from '../helpers/watch.ts';

const entry = fileURLToPath(new URL('../../src/sandbox/main.ts', import.meta.url));
const dataDir = mkdtempSync(join(tmpdir(), 'accessbot-sandbox-main-'));
/** Far beyond any start-up, even on a busy machine: only a failure reaches it. */
const WAIT = { timeout: 30_000, interval: 50 };

/** `npm run sandbox` as a process; resolves with the variables of the command it prints. */
async function runSandbox(env: Record<string, string>, args: string[] = []) {
  const child = spawn(process.execPath, [entry, ...args], {
    env: childEnv({ SANDBOX_PORT: '0', ...env }),
    stdio: 'pipe',
  });
  const output = watch(child);
  const printed = await output.waitFor(/^ACCESS_API_URL=.* npm start$/m);
  const command = /^ACCESS_API_URL=.* npm start$/m.exec(printed)![0];
  const vars = Object.fromEntries(
    command
      .split(' ')
      .slice(0, -2)
      .map((pair) => pair.split(/=(.*)/s).slice(0, 2) as [string, string]),
  );
  return { child, printed, vars };
}

async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('npm run sandbox', () => {
  it('prints one complete command that starts accessbot against it', async () => {
    const sandbox = await runSandbox({});
    const bot = startBot({ ...sandbox.vars, DATABASE_URL: join(dataDir, 'pasted.db') });
    try {
      expect(Object.keys(sandbox.vars)).toEqual([
        'ACCESS_API_URL',
        'ACCESS_API_KEY',
        'ACCESS_API_SECRET',
        'ACCESS_WEBHOOK_SECRET',
        'SHELL_USER_EMAIL',
      ]);
      expect(sandbox.vars.SHELL_USER_EMAIL).toBe(users.ada.email);
      expect(sandbox.printed).toMatch(/Webhooks: off \(start with --webhook-url/);
      await bot.waitFor(/You have 3 pending tasks/);
      const mark = bot.stdout().length;
      bot.type('approve 1');
      await bot.waitFor(/You approved "[^"]+"/, mark);
      bot.type('quit');
      expect(await bot.exited).toBe(0);
    } finally {
      bot.child.kill('SIGKILL');
      sandbox.child.kill('SIGTERM');
    }
  });

  it('sends signed webhooks to the accessbot that asks for them, which accepts them', async () => {
    const port = await freePort();
    const sandbox = await runSandbox({}, [
      '--webhook-url',
      `http://127.0.0.1:${port}/webhooks/access`,
    ]);
    // Server mode (Teams on loopback, no credentials) serves /webhooks/access on PORT.
    const bot = startBot({
      ...sandbox.vars,
      PORT: String(port),
      TEAMS_ANONYMOUS: '1',
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      DATABASE_URL: join(dataDir, 'webhooks.db'),
    });
    try {
      const base = `http://127.0.0.1:${port}`;
      await vi.waitFor(async () => expect((await fetch(`${base}/readyz`)).ok).toBe(true), WAIT);
      const client = new AccessClient({
        baseUrl: sandbox.vars.ACCESS_API_URL!,
        apiKey: sandbox.vars.ACCESS_API_KEY!,
        apiSecret: sandbox.vars.ACCESS_API_SECRET!,
        timeoutMs: 5_000,
        retry: fastRetry,
      });
      await client.createAccess(demoRequest);
      await vi.waitFor(async () => {
        const metrics = await (await fetch(`${base}/metrics`)).text();
        expect(metrics).toMatch(/accessbot_webhooks_total\{outcome="accepted"\} [1-9]/);
      }, WAIT);
      const metrics = await (await fetch(`${base}/metrics`)).text();
      expect(metrics).not.toMatch(/accessbot_webhooks_total\{outcome="(unsigned|bad_signature)/);
    } finally {
      bot.child.kill('SIGKILL');
      sandbox.child.kill('SIGTERM');
    }
  });

  it('gives seeded people the real addresses of SANDBOX_EMAIL_MAP', async () => {
    const sandbox = await runSandbox({
      SANDBOX_EMAIL_MAP:
        'Alice@RealCorp.example=ada, bob@realcorp.example=grace.hopper@example.com',
    });
    try {
      expect(sandbox.printed).toContain('Demo approver: Ada Lovelace <alice@realcorp.example>');
      expect(sandbox.vars.SHELL_USER_EMAIL).toBe('alice@realcorp.example');
    } finally {
      sandbox.child.kill('SIGTERM');
    }
  });

  it('stops on a wrong setting with one line naming it', async () => {
    const child = spawn(process.execPath, [entry], {
      env: childEnv({ SANDBOX_EMAIL_MAP: 'alice@corp.example=bob' }),
      stdio: 'pipe',
    });
    const output = watch(child);
    expect(await output.exited).toBe(1);
    expect(output.stderr()).toBe(
      'sandbox: SANDBOX_EMAIL_MAP: "bob" is not a sandbox person; use one of ada, grace, alan, katherine, margaret, dennis, barbara, ken, radia, tim, frances, edsger\n',
    );
  });

  it('says what it takes on --help, and refuses an unknown flag in one line', async () => {
    const run = (args: string[]) => {
      const child = spawn(process.execPath, [entry, ...args], {
        env: childEnv({ SANDBOX_PORT: '0' }),
        stdio: 'pipe',
      });
      return watch(child);
    };
    const help = run(['--help']);
    expect(await help.exited).toBe(0);
    expect(help.stdout()).toMatch(/^usage: npm run sandbox \[-- --webhook-url <url>\]\n/);
    for (const name of ['SANDBOX_PORT', 'SANDBOX_WEBHOOK_SECRET', 'SANDBOX_EMAIL_MAP']) {
      expect(help.stdout()).toContain(name);
    }
    const wrong = run(['--port', '1']);
    expect(await wrong.exited).toBe(1);
    expect(wrong.stderr()).toBe("sandbox: Unknown option '--port' (--help lists the options)\n");
  });
});

describe('SANDBOX_EMAIL_MAP in the sandbox', () => {
  it('lists the mapped people with their real addresses and leaves the others alone', async () => {
    const { sandboxEmailMap } = loadConfig({
      SANDBOX_EMAIL_MAP: 'alice@realcorp.example=ada,bob@realcorp.example=grace',
    });
    const sandbox = await startSandbox({ emailMap: sandboxEmailMap });
    try {
      const listed = new Map<string, string | null | undefined>();
      for await (const user of clientFor(sandbox).listUsers()) listed.set(user.id, user.email);
      expect(listed.get(users.ada.id)).toBe('alice@realcorp.example');
      expect(listed.get(users.grace.id)).toBe('bob@realcorp.example');
      expect(listed.get(users.alan.id)).toBe(users.alan.email);
      // An application's owners are named by address too: Ada owns the AWS Console.
      const fields = await Array.fromAsync(clientFor(sandbox).listCustomFields(workApps.aws.id));
      expect(fields.find((f) => f.name === 'Owners')?.value).toBe('alice@realcorp.example');
    } finally {
      await sandbox.close();
    }
  });

  it('refuses a value that is not pairs of an address and a sandbox person', () => {
    for (const [value, problem] of [
      ['alice=ada', 'is not <real e-mail>=<sandbox person>'],
      ['alice@corp.example=ada=grace', 'is not <real e-mail>=<sandbox person>'],
      ['alice@corp.example=nobody@example.com', 'is not a sandbox person'],
      ['a@corp.example=ada,b@corp.example=ada', 'maps a person or an address a second time'],
      ['a@corp.example=ada,A@corp.example=grace', 'maps a person or an address a second time'],
    ] as const) {
      expect(() => loadConfig({ SANDBOX_EMAIL_MAP: value })).toThrow(problem);
    }
  });
});
