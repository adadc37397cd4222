import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tasks, users } from '../../src/sandbox/seed.ts';
import { type Sandbox, startSandbox } from '../fakes/sandbox-faults.ts';
import { childEnv } from '../helpers/child-env.ts';
import { startBot } from '../helpers/spawn.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'accessbot-demo-'));

describe('the demo, end to end', () => {
  it('starts clean every time: a second run knows nothing of the first, and leaves no file', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'accessbot-twice-'));
    for (const run of [1, 2]) {
      const bot = startBot({ DEMO_REQUEST_AFTER: '0' }, folder);
      try {
        await bot.waitFor(/You have 14 pending tasks/);
        const mark = bot.stdout().length;
        bot.type('approve 1');
        await bot.waitFor(/You approved/, mark);
        bot.type('quit');
        expect(await bot.exited, `run ${run}`).toBe(0);
        expect(bot.stdout()).not.toMatch(/no longer exists|removed from the Access Service/);
      } finally {
        bot.child.kill('SIGKILL');
      }
    }
    expect(existsSync(join(folder, 'data', 'accessbot.db'))).toBe(false);
  });

  it('starts with no configuration, announces the pending tasks and answers every command', async () => {
    // The colleague's demo request would change the counts below on a slow machine.
    const bot = startBot({ DATABASE_URL: join(dataDir, 'demo.db'), DEMO_REQUEST_AFTER: '0' });
    try {
      // Announced before anything is typed.
      await bot.waitFor(/You have 14 pending tasks[\s\S]*approve 1/);
      let mark = bot.stdout().length;
      bot.type('approve 1');
      expect(await bot.waitFor(/You approved "[^"]+"/, mark)).toMatch(/Approved by Ada Lovelace/);
      mark = bot.stdout().length;
      bot.type('tasks');
      await bot.waitFor(/You have 13 pending tasks/, mark);
      mark = bot.stdout().length;
      bot.type('decline 2 -- too broad');
      expect(await bot.waitFor(/You declined "[^"]+"\. Reason: "too broad"/, mark)).toContain(
        'Declined by Ada Lovelace',
      );
      mark = bot.stdout().length;
      bot.type('members engineering');
      expect(await bot.waitFor(/Engineering — \d+ members/, mark)).toBeTruthy();
      await bot.waitFor(/Grace Hopper/, mark);
      mark = bot.stdout().length;
      bot.type('apps');
      await bot.waitFor(/GitHub — Source code hosting/, mark);
      mark = bot.stdout().length;
      bot.type('request GitHub admin -- need it for the release');
      await bot.waitFor(/Requested access to GitHub \(Admin\)/, mark);
      mark = bot.stdout().length;
      // You are in the Security group, which the demo lets request for others.
      bot.type('request Figma Viewer for Grace Hopper -- design reviews');
      await bot.waitFor(/Requested access to Figma \(Viewer\) for Grace Hopper/, mark);
      mark = bot.stdout().length;
      bot.type('help');
      await bot.waitFor(/What I can do/, mark);
      mark = bot.stdout().length;
      bot.type('approve banana');
      await bot.waitFor(/"banana" is not a task/, mark);
      bot.child.stdin.end();
      expect(await bot.exited).toBe(0);
      // Plain text in a pipe: no colour codes.
      expect(bot.stdout()).not.toContain('\u001b[');
    } finally {
      bot.child.kill('SIGKILL');
    }
  });

  it('shows every feature: you may read the report and everyone’s history, and a nudge reaches a colleague', async () => {
    const bot = startBot({ DATABASE_URL: join(dataDir, 'features.db'), DEMO_REQUEST_AFTER: '0' });
    try {
      await bot.waitFor(/You have 14 pending tasks/);
      let mark = bot.stdout().length;
      bot.type('report');
      await bot.waitFor(/Report of the last 30 days/, mark);
      mark = bot.stdout().length;
      bot.type('history all');
      await bot.waitFor(/Recent actions of everyone/, mark);
      mark = bot.stdout().length;
      bot.type('request GitHub admin -- need it for the release');
      await bot.waitFor(/Requested access to GitHub \(Admin\)/, mark);
      mark = bot.stdout().length;
      bot.type('requests');
      await bot.waitFor(/1\. GitHub \(Admin\) — waiting for Radia Perlman/, mark);
      mark = bot.stdout().length;
      bot.type('nudge 1');
      const nudged = await bot.waitFor(/Nudged Radia Perlman about GitHub \(Admin\)\./, mark);
      // Radia's chat is not this terminal: what she was sent shows in one line, before the answer.
      expect(nudged).toMatch(
        /^Sent to radia\.perlman@example\.com: A nudge from Ada Lovelace\n\nNudged/,
      );
      bot.type('quit');
      expect(await bot.exited).toBe(0);
      expect(bot.stdout()).not.toMatch(/Not allowed|AUDITORS_GROUP|uses accessbot/);
    } finally {
      bot.child.kill('SIGKILL');
    }
  });

  it('lets you change a group’s members once you confirm', async () => {
    const bot = startBot({ DATABASE_URL: join(dataDir, 'group.db'), DEMO_REQUEST_AFTER: '0' });
    try {
      await bot.waitFor(/You have 14 pending tasks/);
      let mark = bot.stdout().length;
      bot.type('group add Engineering "Radia Perlman"');
      const asked = await bot.waitFor(
        /Add Radia Perlman to Engineering\?[\s\S]*?`cancel \w+`/,
        mark,
      );
      const code = /confirm ([a-z2-9]{8})/.exec(asked)?.[1];
      mark = bot.stdout().length;
      bot.type(`confirm ${code}`);
      await bot.waitFor(/Radia Perlman is now a member of Engineering\./, mark);
      mark = bot.stdout().length;
      bot.type('members engineering');
      await bot.waitFor(/Engineering — 7 members[\s\S]*Radia Perlman/, mark);
      bot.type('quit');
      expect(await bot.exited).toBe(0);
    } finally {
      bot.child.kill('SIGKILL');
    }
  });

  it('lets Grace answer the question on her request, and you ask her again', async () => {
    const db = join(dataDir, 'ask.db');
    const run = async (env: Record<string, string>, said: string, answer: RegExp) => {
      const bot = startBot({ DATABASE_URL: db, DEMO_REQUEST_AFTER: '0', ...env });
      try {
        await bot.waitFor(/pending tasks|no pending tasks|no tasks/);
        const mark = bot.stdout().length;
        bot.type(said);
        await bot.waitFor(answer, mark);
        bot.type('quit');
        expect(await bot.exited).toBe(0);
      } finally {
        bot.child.kill('SIGKILL');
      }
    };
    // One question waits per request: the demo's own, which Grace can be reached to answer.
    await run({}, 'ask 2 -- And the runtime?', /Your question of .+ still waits for its answer/);
    await run(
      { SHELL_USER_EMAIL: users.grace.email },
      'answer 7d3c1a9e -- Only the compiler.',
      /Sent your answer to Ada Lovelace: "Only the compiler\."/,
    );
    await run({}, 'ask 2 -- And next quarter?', /Asked Grace Hopper: "And next quarter\?"/);
  });

  it('pushes a colleague’s new request into the terminal, and approves it only once confirmed', async () => {
    const bot = startBot({
      DATABASE_URL: join(dataDir, 'push.db'),
      DEMO_REQUEST_AFTER: '300ms',
      DECISION_CONTEXT_WAIT: '10m',
    });
    try {
      await bot.waitFor(/You have 14 pending tasks/);
      const pushed = await bot.waitFor(
        /New task waiting for your decision\n {2}Access request: AWS Console \(PowerUser\)[\s\S]*?Task: +(\S+)[\s\S]*?\n\n/,
      );
      const taskId = /Access request: AWS Console[\s\S]*?Task: +(\S+)/.exec(pushed)?.[1];
      expect(pushed).toMatch(/Requested by: +Grace Hopper/);
      expect(pushed).toContain('Sensitive application: approving asks you to confirm');
      expect(pushed).toMatch(/Already has: +nothing yet/);
      let mark = bot.stdout().length;
      bot.type(`approve ${taskId}`);
      const asked = await bot.waitFor(/Confirm this approval[\s\S]*?confirm ([a-z2-9]{8})/, mark);
      expect(asked).toContain('Approving gives Grace Hopper PowerUser access to AWS Console');
      const code = /confirm ([a-z2-9]{8})/.exec(asked)?.[1];
      mark = bot.stdout().length;
      // A code for other facts approves nothing, and says so.
      bot.type(`approve ${taskId} confirm ${code === 'zzzzzzzz' ? 'yyyyyyyy' : 'zzzzzzzz'}`);
      await bot.waitFor(/Confirm this approval\nThat code does not confirm this approval/, mark);
      mark = bot.stdout().length;
      bot.type(`confirm ${code}`);
      await bot.waitFor(/You approved "Access request: AWS Console \(PowerUser\)"/, mark);
      bot.child.stdin.end();
      expect(await bot.exited).toBe(0);
    } finally {
      bot.child.kill('SIGKILL');
    }
  });

  it('stops cleanly with exit code 0 on SIGTERM, its log ending in how long stopping took', async () => {
    const bot = startBot({ DATABASE_URL: join(dataDir, 'sigterm.db'), LOG_LEVEL: 'info' });
    await bot.waitFor(/pending tasks/);
    bot.child.kill('SIGTERM');
    expect(await bot.exited).toBe(0);
    const log = bot
      .stderr()
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(log).toContainEqual(expect.objectContaining({ msg: 'shutting down', why: 'SIGTERM' }));
    const stopped = log.at(-1);
    expect(stopped).toMatchObject({ name: 'accessbot', msg: 'stopped' });
    expect(stopped.shutdownMs).toBeGreaterThanOrEqual(0);
  });

  it('says on --help where its settings are, and starts nothing', () => {
    const run = spawnSync(process.execPath, ['src/app/main.ts', '--help'], {
      cwd: new URL('../..', import.meta.url),
      env: childEnv(),
      encoding: 'utf8',
    });
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/^usage: npm start/);
    expect(run.stdout).toContain('docs/configuration.md');
  });

  it('stops on a bad variable with one line naming it and no stack trace', async () => {
    const bot = startBot({ PORT: 'eighty', ACCESS_API_SECRET: 'x' });
    expect(await bot.exited).toBe(1);
    expect(bot.stderr()).toContain('PORT must be a whole number');
    expect(bot.stderr()).not.toMatch(/\n\s+at /);
  });
});

describe('the terminal chat against a configured Access Service', () => {
  let sandbox: Sandbox;
  beforeAll(async () => {
    sandbox = await startSandbox({ pageSize: 2 });
  });
  afterAll(() => sandbox.close());

  it('acts as SHELL_USER_EMAIL, and the service records the decision', async () => {
    const bot = startBot({
      ACCESS_API_URL: sandbox.url,
      ACCESS_API_KEY: sandbox.apiKey,
      ACCESS_API_SECRET: sandbox.apiSecret,
      SHELL_USER_EMAIL: users.ada.email,
      DATABASE_URL: join(dataDir, 'configured.db'),
    });
    try {
      await bot.waitFor(/You have 3 pending tasks/);
      const mark = bot.stdout().length;
      bot.type(`approve ${tasks.adaGraceGithubWrite}`);
      await bot.waitFor(/You approved "Access request: GitHub \(Write\)"/, mark);
      expect(sandbox.state.task(tasks.adaGraceGithubWrite).status).toBe('Approved');
      expect(sandbox.requests.every((r) => r.headers['x-api-secret'] === sandbox.apiSecret)).toBe(
        true,
      );
      bot.type('quit');
      expect(await bot.exited).toBe(0);
      expect(bot.stderr()).not.toContain(sandbox.apiSecret);
    } finally {
      bot.child.kill('SIGKILL');
    }
  });

  it('tells a user who is not in the service that they are not linked', async () => {
    const bot = startBot({
      ACCESS_API_URL: sandbox.url,
      ACCESS_API_KEY: sandbox.apiKey,
      ACCESS_API_SECRET: sandbox.apiSecret,
      SHELL_USER_EMAIL: 'nobody@example.com',
      DATABASE_URL: join(dataDir, 'unlinked.db'),
    });
    try {
      await bot.waitFor(/nobody@example\.com\) does not belong to any user/);
      bot.child.stdin.end();
      expect(await bot.exited).toBe(0);
    } finally {
      bot.child.kill('SIGKILL');
    }
  });
});
