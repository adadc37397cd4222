/**
 * The real entry point as a separate process, configured for Slack against the fake Web API and
 * the embedded sandbox (asked for by name): health, a signed slash command answered, the poller's notification
 * arriving through the Slack notifier and approved with its own button, a clean stop; and an
 * invalid token stopping start-up with one clear line.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeSlack } from '../fakes/slack-api.ts';
import { checkAllPayloads } from '../fakes/slack-blockkit.ts';
import { BOT_TOKEN, SIGNING_SECRET } from '../fakes/slack-bot.ts';
import { clickTaken, commandTaken } from '../fakes/slack-busy.ts';
import { clickPayload } from '../fakes/slack-payloads.ts';
import { type Running, startBot } from '../helpers/spawn.ts';

let fake: FakeSlack;

beforeAll(async () => {
  fake = await FakeSlack.start();
});
afterAll(async () => {
  await fake?.close();
});

const env = () => ({
  ACCESS_API_URL: 'sandbox',
  SLACK_BOT_TOKEN: BOT_TOKEN,
  SLACK_SIGNING_SECRET: SIGNING_SECRET,
  SLACK_API_URL: fake.apiUrl,
  PORT: '0',
  DATABASE_URL: 'sqlite::memory:',
  LOG_LEVEL: 'info',
  POLL_INTERVAL_SECONDS: '1',
});

/** The port from the "listening" log line on stderr. */
async function portOf(bot: Running): Promise<number> {
  const [line] = await bot.waitForLog(/^.*"msg":"listening".*$/m);
  return (JSON.parse(line) as { port: number }).port;
}

describe('node src/app/main.ts with Slack', () => {
  it('serves health, a slash command and a notification click, and stops cleanly on SIGTERM', async () => {
    fake.reset();
    const bot = startBot(env());
    try {
      const port = await portOf(bot);
      expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
      const events = `http://127.0.0.1:${port}/slack/events`;
      const responseUrl = await commandTaken(fake, events, 'tasks', 'U-ADA');
      const answer = await fake.waitFor(() => fake.respondedTo(responseUrl)[0]);
      expect(String(answer.body.text)).toContain('3 pending tasks');
      const metrics = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
      expect(metrics).toContain(
        'accessbot_commands_total{platform="slack",command="tasks",tone="info"} 1',
      );

      // The poller, linked through users.list, notifies Ada through the Slack notifier...
      const dm = await fake
        .waitFor(() => fake.callsOf('chat.postMessage').find((c) => c.args.channel === 'D-U-ADA'))
        .catch(() => {
          const calls = fake.calls.map((c) => c.method).join(' ');
          throw new Error(`no notification for Ada; Slack calls: ${calls}\n${bot.stderr()}`);
        });
      const { ts } = [...fake.messages.values()].find((m) => m.channel === 'D-U-ADA')!;
      // ...and Approve on that very message decides the task and edits the message.
      const click = (responseUrl: string) =>
        clickPayload(dm.args.blocks as unknown[], 'accessbot.approve', 'U-ADA', {
          kind: 'message',
          channel: 'D-U-ADA',
          ts,
          responseUrl,
        });
      const approved = () =>
        fake
          .callsOf('chat.update')
          .find((c) => JSON.stringify(c.args.blocks).includes('Approved by Ada'));
      await clickTaken(fake, events, click, approved).catch(() => {
        const told = fake.responded.map((r) => r.body.text).join(' | ');
        throw new Error(`the message was not edited; answers: ${told}\n${bot.stderr()}`);
      });
      expect(checkAllPayloads(fake)).toBeGreaterThan(2);
    } finally {
      bot.child.kill('SIGTERM');
    }
    expect(await bot.exited).toBe(0);
    expect(bot.stderr()).not.toContain(BOT_TOKEN);
  });

  it('exits 1 with one clear line when Slack refuses the token', async () => {
    fake.reset();
    fake.authError = 'invalid_auth';
    const bot = startBot(env());
    expect(await bot.exited).toBe(1);
    const lines = bot.stderr().trim().split('\n');
    expect(lines.at(-1)).toMatch(
      /^accessbot: Slack refused SLACK_BOT_TOKEN \(auth\.test: invalid_auth\)/,
    );
    expect(bot.stderr()).not.toMatch(/\n\s+at /);
    expect(bot.stderr()).not.toContain(BOT_TOKEN);
  });
});
