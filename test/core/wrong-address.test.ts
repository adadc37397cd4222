/**
 * An Access Service address without its version prefix, found after start (the service was down
 * when accessbot started, so the read at start could not tell): every list every service has
 * answers 404. That is a wrong setting, and people hear so on every platform — not that the
 * service "no longer knows that item" — while the operator's line names ACCESS_API_URL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccessClient } from '../../src/access/client.ts';
import { users } from '../../src/sandbox/seed.ts';
import { type Harness, startHarness } from '../fakes/bot-connector-harness.ts';
import { slackSay, teamsSay } from '../fakes/chat-drivers.ts';
import { FakeSlack } from '../fakes/slack-api.ts';
import { type RunningSlackBot, startSlackBot } from '../fakes/slack-bot.ts';
import { botFor } from '../helpers/bot.ts';
import { clientFor, useSandbox } from '../helpers/sandbox.ts';
import { openTerminalChat, type TerminalChat } from '../helpers/terminal-chat.ts';

const sandbox = useSandbox();
const WRONG_ADDRESS = 'accessbot is set up with a wrong address for the Access Service';

let client: AccessClient;
let fake: FakeSlack;
let slack: RunningSlackBot;
let teams: Harness;
let terminal: { chat: TerminalChat; logLines: string[] };

beforeAll(async () => {
  // The sandbox's origin: its API is under /api/v1, which this address leaves out.
  client = clientFor(sandbox.current, { baseUrl: sandbox.current.origin });
  fake = await FakeSlack.start();
  slack = await startSlackBot(sandbox.current, fake, {}, { bot: { client } });
  teams = await startHarness(sandbox.current, { bot: { client } });
  const { bot, logLines } = await botFor(client);
  terminal = { chat: await openTerminalChat({ bot, email: users.ada.email }), logLines };
});

afterAll(async () => {
  await terminal?.chat.stop();
  await teams?.close();
  await slack?.close();
  await fake?.close();
});

const operatorLine = (lines: string[]) =>
  lines
    .map((line) => JSON.parse(line) as { msg: string; err?: { message: string } })
    .find((line) => line.msg.startsWith('configuration error'));

describe('a 404 on a list every Access Service has', () => {
  it.each([
    ['Slack', () => slackSay(fake, slack.url, 'ada', 'tasks'), () => slack.logLines],
    ['Teams', () => teamsSay(teams, 'ada', 'tasks'), () => teams.logLines],
    ['the terminal', () => terminal.chat.ask('tasks'), () => terminal.logLines],
  ])('is a configuration error on %s, for the person and the operator', async (_, say, lines) => {
    const said = await say();
    expect(said).toContain(WRONG_ADDRESS);
    expect(said).not.toContain('no longer knows');
    expect(operatorLine(lines())).toMatchObject({
      msg: 'configuration error: ACCESS_API_URL does not lead to the Access Service',
      err: {
        message: expect.stringContaining(
          'is the version prefix, e.g. /api/v1, missing from ACCESS_API_URL?',
        ),
      },
    });
  });
});
