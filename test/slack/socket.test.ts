/**
 * Socket Mode (SLACK_APP_TOKEN set) against a local fake of Slack's endpoint: the same handlers,
 * acked over the WebSocket, answered through response_url and the Web API.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeSlack } from '../fakes/slack-api.ts';
import { checkAllPayloads } from '../fakes/slack-blockkit.ts';
import { APP_TOKEN, type RunningSlackBot, startSlackBot } from '../fakes/slack-bot.ts';
import { clickPayload } from '../fakes/slack-payloads.ts';
import { FakeSocketMode } from '../fakes/slack-socket.ts';
import { useSandbox } from '../helpers/sandbox.ts';

const sandbox = useSandbox();
let fake: FakeSlack;
let socket: FakeSocketMode;
let bot: RunningSlackBot;

beforeAll(async () => {
  fake = await FakeSlack.start();
  socket = await FakeSocketMode.start(fake);
  bot = await startSlackBot(sandbox.current, fake, { SLACK_APP_TOKEN: APP_TOKEN });
  await socket.connected();
});

afterAll(async () => {
  await bot?.close();
  await socket?.close();
  await fake?.close();
});

const command = (text: string, responseUrl: string) => ({
  token: 'verification-token',
  team_id: 'T-TEAM',
  team_domain: 'test',
  channel_id: 'C-GENERAL',
  channel_name: 'general',
  user_id: 'U-ADA',
  user_name: 'ada',
  command: '/access',
  text,
  api_app_id: 'A-APP',
  response_url: responseUrl,
  trigger_id: 'trigger-socket',
});

describe('Socket Mode', () => {
  it('connects with the app-level token through apps.connections.open', () => {
    const open = fake.callsOf('apps.connections.open');
    expect(open).toHaveLength(1);
    expect(open[0]!.token).toBe(APP_TOKEN);
  });

  it('acks a slash command on the socket at once, then answers on its response_url', async () => {
    const responseUrl = fake.responseUrl();
    // Acked while the service has not answered yet.
    const service = sandbox.current.faults.hold();
    const ack = await socket.send('slash_commands', command('tasks', responseUrl));
    service.release();
    expect(ack.payload ?? {}).toEqual({});
    const answer = await fake.waitFor(() => fake.respondedTo(responseUrl)[0]);
    expect(String(answer.body.text)).toContain('3 pending tasks');

    const blocks = answer.body.blocks as unknown[];
    const click = clickPayload(blocks, 'accessbot.approve', 'U-ADA', {
      kind: 'ephemeral',
      responseUrl,
    });
    await socket.send('interactive', click);
    const replaced = await fake.waitFor(() => fake.respondedTo(responseUrl)[1]);
    expect(JSON.stringify(replaced.body.blocks)).toContain('Approved by Ada Lovelace');
    expect(checkAllPayloads(fake)).toBeGreaterThan(0);
  });

  it('closes the socket when stopped', async () => {
    await bot.close();
    await socket.closed;
  });
});
