/**
 * The real entry point in server mode with Teams on (`TEAMS_ANONYMOUS=1`, the local test
 * switch): `/api/messages` is served on `PORT`, a command is answered through the Bot Connector,
 * and SIGTERM stops the process cleanly.
 */
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { type FakeBotConnector, startFakeBotConnector } from '../fakes/bot-connector.ts';
import { activityBuilder, seedMembers } from '../fakes/bot-connector-harness.ts';
import { type Running, startBot } from '../helpers/spawn.ts';

let connector: FakeBotConnector;
let bot: Running;

beforeAll(async () => {
  connector = await startFakeBotConnector(seedMembers());
  bot = startBot({
    ACCESS_API_URL: 'sandbox',
    TEAMS_ANONYMOUS: '1',
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    PORT: '0',
    DATABASE_URL: 'sqlite::memory:',
    LOG_LEVEL: 'info',
  });
});
afterAll(async () => {
  if (bot.child.exitCode === null) bot.child.kill('SIGKILL');
  await connector?.close();
});

it('serves Teams on /api/messages and stops on SIGTERM', async () => {
  const [, port] = await bot.waitForLog(/"port":(\d+)[^\n]*"msg":"listening"/);
  expect(bot.stderr()).toContain('Bot Framework authentication is OFF');
  const res = await fetch(`http://127.0.0.1:${port}/api/messages`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(activityBuilder(connector.url).message('ada', 'tasks')),
  });
  expect(res.status).toBe(200);
  const reply = await vi.waitFor(
    () => {
      const found = connector.calls.find((c) => c.op === 'reply');
      if (!found) throw new Error(`no reply yet; stderr:\n${bot.stderr()}`);
      return found;
    },
    { timeout: 30_000, interval: 50 },
  );
  expect(JSON.stringify(reply.activity)).toContain('pending task');
  bot.child.kill('SIGTERM');
  expect(await bot.exited).toBe(0);
});
