/**
 * The real entry point reads the Access Service once at start, as it checks Slack's token: an
 * address without its version prefix or a refused secret stops it with one line naming the
 * setting and the fix; an outage lets it start and become ready, says so in one warning line,
 * shows it on /healthz and in the metric, and it serves as soon as the service is back.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Sandbox, startSandbox } from '../../src/sandbox/server.ts';
import { FakeSlack } from '../fakes/slack-api.ts';
import { BOT_TOKEN, SIGNING_SECRET } from '../fakes/slack-bot.ts';
import { sendCommand } from '../fakes/slack-payloads.ts';
import { startBot } from '../helpers/spawn.ts';

const production = { NODE_ENV: 'production', DATABASE_URL: 'sqlite::memory:' };

describe('a wrong Access Service setting', () => {
  let sandbox: Sandbox;
  beforeAll(async () => {
    sandbox = await startSandbox();
  });
  afterAll(async () => {
    await sandbox?.close();
  });

  it('without the version prefix, stops start-up with one line asking for it', async () => {
    const bot = startBot({
      ...production,
      ACCESS_API_URL: sandbox.origin,
      ACCESS_API_KEY: sandbox.apiKey,
      ACCESS_API_SECRET: sandbox.apiSecret,
    });
    expect(await bot.exited).toBe(1);
    expect(bot.stderr()).toBe(
      `accessbot: the Access Service at ${sandbox.origin}/ answered 404 to GET /WorkApps: is the version prefix, e.g. /api/v1, missing from ACCESS_API_URL?\n`,
    );
  });

  it('with a wrong secret, stops start-up with one line naming the key and secret, not the value', async () => {
    const bot = startBot({
      ...production,
      ACCESS_API_URL: sandbox.url,
      ACCESS_API_KEY: sandbox.apiKey,
      ACCESS_API_SECRET: 'a-secret-the-service-never-issued',
    });
    expect(await bot.exited).toBe(1);
    expect(bot.stderr()).toBe(
      `accessbot: the Access Service at ${sandbox.url}/ refused ACCESS_API_KEY and ACCESS_API_SECRET (401 to GET /WorkApps): set both to the key and secret the service issued for accessbot\n`,
    );
  });
});

describe('an Access Service outage at start', () => {
  let slack: FakeSlack;
  let down: Sandbox;
  beforeAll(async () => {
    slack = await FakeSlack.start();
    down = await startSandbox();
    await down.close();
  });
  afterAll(async () => {
    await slack?.close();
  });

  it('starts anyway, warns once naming the address to check, without stack traces, shows it on /healthz and in the metric, and serves once it is back', async () => {
    const bot = startBot({
      ...production,
      ACCESS_API_URL: down.url,
      ACCESS_API_KEY: down.apiKey,
      ACCESS_API_SECRET: down.apiSecret,
      SLACK_BOT_TOKEN: BOT_TOKEN,
      SLACK_SIGNING_SECRET: SIGNING_SECRET,
      SLACK_API_URL: slack.apiUrl,
      HOST: '127.0.0.1',
      PORT: '0',
      POLL_INTERVAL_SECONDS: '86400',
    });
    let back: Sandbox | undefined;
    try {
      const [, port] = await bot.waitForLog(/"port":(\d+),"msg":"listening"/);
      // The poller's first read at start, the directory sync, fails in the outage too.
      await bot.waitForLog(/"msg":"directory sync failed; retried next period"/);
      const base = `http://127.0.0.1:${port}`;
      const lines = bot
        .stderr()
        .split('\n')
        .filter((line) => line.includes('is not answering'));
      expect(lines).toHaveLength(1);
      expect(JSON.parse(lines[0]!)).toMatchObject({
        level: 40,
        msg: expect.stringMatching(
          /^the Access Service at http:\/\/127\.0\.0\.1:(\d+)\/api\/v1\/ is not answering \(GET \/WorkApps: the Access Service is unavailable: connection failed \(ECONNREFUSED\)\); nothing accepts connections at 127\.0\.0\.1:\1: unless the service is down, check the host and port in ACCESS_API_URL; accessbot starts anyway/,
        ),
      });
      expect((await fetch(`${base}/readyz`)).status).toBe(200);
      expect(await (await fetch(`${base}/healthz`)).json()).toEqual({
        status: 'ok',
        access_service: 'down',
      });
      expect(await (await fetch(`${base}/metrics`)).text()).toContain(
        'accessbot_access_service_up 0',
      );

      expect(bot.stderr(), 'an outage is no bug: no stack trace').not.toContain('"stack"');

      back = await startSandbox({
        port: Number(new URL(down.url).port),
        apiKey: down.apiKey,
        apiSecret: down.apiSecret,
      });
      const responseUrl = slack.responseUrl();
      await sendCommand(`${base}/slack/events`, 'tasks', 'U-ADA', responseUrl);
      const answer = await slack.waitFor(() => slack.respondedTo(responseUrl)[0]);
      expect(String(answer.body.text)).toContain('3 pending tasks');
      await bot.waitForLog(/"msg":"the Access Service answers again"/);
      expect(await (await fetch(`${base}/healthz`)).json()).toEqual({
        status: 'ok',
        access_service: 'up',
      });
    } finally {
      bot.child.kill('SIGTERM');
      expect(await bot.exited).toBe(0);
      await back?.close();
    }
  });
});
