/**
 * `npm run start:cluster` as a separate process: two workers on one port answering Slack against
 * the fake Web API and a sandbox Access Service, a clean stop on SIGTERM with exit code 0, and
 * configurations it cannot serve refused with one clear line and exit code 1 — no crash loop.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeSlack } from './fakes/slack-api.ts';
import { BOT_TOKEN, SIGNING_SECRET } from './fakes/slack-bot.ts';
import { commandTaken } from './fakes/slack-busy.ts';
import { useSandbox } from './helpers/sandbox.ts';
import { watch } from './helpers/watch.ts';

const entry = fileURLToPath(new URL('../src/app/cluster.ts', import.meta.url));
const sandbox = useSandbox();
let fake: FakeSlack;

beforeAll(async () => {
  fake = await FakeSlack.start();
});
afterAll(async () => {
  await fake?.close();
});

function startCluster(env: Record<string, string>) {
  const child = spawn(process.execPath, [entry], {
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    stdio: 'pipe',
  });
  return { child, ...watch(child) };
}

const env = (port: number) => ({
  SLACK_BOT_TOKEN: BOT_TOKEN,
  SLACK_SIGNING_SECRET: SIGNING_SECRET,
  SLACK_API_URL: fake.apiUrl,
  ACCESS_API_URL: sandbox.current.url,
  ACCESS_API_KEY: sandbox.current.apiKey,
  ACCESS_API_SECRET: sandbox.current.apiSecret,
  DATABASE_URL: 'sqlite::memory:',
  PORT: String(port),
  WORKERS: '2',
  POLL_INTERVAL_SECONDS: '86400',
  DIRECTORY_SYNC_INTERVAL: '0',
});

/** A free port on 127.0.0.1: every worker listens on the one the cluster is given. */
async function freePort(): Promise<number> {
  const { createServer } = await import('node:net');
  const server = createServer().listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('node src/app/cluster.ts', () => {
  it('serves Slack from two workers on one port and stops cleanly on SIGTERM', async () => {
    const port = await freePort();
    const cluster = startCluster(env(port));
    try {
      await cluster.waitForLog(/"msg":"listening"[\s\S]*"msg":"listening"/);
      expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
      const urls: string[] = [];
      for (let n = 0; n < 2; n++) {
        urls.push(
          await commandTaken(fake, `http://127.0.0.1:${port}/slack/events`, 'tasks', 'U-ADA'),
        );
      }
      for (const url of urls) {
        const answer = await fake.waitFor(() => fake.respondedTo(url)[0]);
        expect(String(answer.body.text)).toContain('pending task');
      }
    } finally {
      cluster.child.kill('SIGTERM');
    }
    expect(await cluster.exited).toBe(0);
  });

  it('refuses to start without ACCESS_API_URL, in one line', async () => {
    const { ACCESS_API_URL: _, ...rest } = env(await freePort());
    const cluster = startCluster(rest);
    expect(await cluster.exited).toBe(1);
    expect(cluster.stderr().trim()).toBe(
      'accessbot: start:cluster needs ACCESS_API_URL: each worker would otherwise start a sandbox of its own',
    );
  });

  it('stops with exit code 1 when its workers cannot start, instead of restarting them', async () => {
    fake.authError = 'invalid_auth';
    try {
      const cluster = startCluster(env(await freePort()));
      expect(await cluster.exited).toBe(1);
      expect(cluster.stderr()).toContain('Slack refused SLACK_BOT_TOKEN');
      expect(cluster.stderr()).toContain('a worker could not start');
    } finally {
      fake.authError = undefined;
    }
  });
});
