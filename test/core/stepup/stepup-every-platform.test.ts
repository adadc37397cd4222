/**
 * With STEP_UP=passkey the answer to a sensitive approval carries the link to the passkey page,
 * to the approver alone, and no code, on every platform: Slack's private answer (no form opens),
 * the Teams card the clicker sees, the terminal's line. Over real HTTP against the sandbox,
 * which marks the AWS Console sensitive; nothing is approved. `passkeys` answers on each, privately.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../../src/sandbox/seed.ts';
import { shown, useTeams } from '../../fakes/bot-connector-harness.ts';
import { checkAllPayloads } from '../../fakes/slack-blockkit.ts';
import { useSlackBot } from '../../fakes/slack-harness.ts';
import { sendCommand } from '../../fakes/slack-payloads.ts';
import { botFor } from '../../helpers/bot.ts';
import { approvals, contextFor, GateClock, openRequest } from '../../helpers/decide-world.ts';
import { clientFor, useSandbox } from '../../helpers/sandbox.ts';
import { openTerminalChats, type TerminalChat } from '../../helpers/terminal-chat.ts';

const PUBLIC_URL = 'https://accessbot.example.com';
const STEP_UP = { STEP_UP: 'passkey', PUBLIC_URL, DECISION_CONTEXT_WAIT: '10m' };
const URL_OF = /https:\/\/accessbot\.example\.com\/passkey\?t=[\w-]{43}/;
const NO_CODE = /"confirmation"|confirm [a-z2-9]{8}/;

describe('Slack: the private answer carries the link', () => {
  const slack = useSlackBot(STEP_UP);

  it('answers `/access approve` with the link, opens no form, approves nothing', async () => {
    const sandbox = slack.sandbox.current;
    const taskId = openRequest(sandbox, 'grace', 'aws', 'readOnly');
    const responseUrl = slack.fake.responseUrl();
    await sendCommand(slack.bot.url, `approve ${taskId}`, 'U-ADA', responseUrl);
    const body = await slack.fake.waitFor(() => slack.fake.respondedTo(responseUrl)[0]?.body);
    const said = JSON.stringify(body);
    expect(said).toMatch(new RegExp(`<${URL_OF.source}\\|Open the passkey page>`));
    expect(said).toContain('Approving gives Grace Hopper ReadOnly access to AWS Console');
    expect(said).not.toMatch(NO_CODE);
    expect(body.response_type).not.toBe('in_channel');
    expect(slack.fake.callsOf('views.open')).toHaveLength(0);
    expect(approvals(sandbox, taskId)).toHaveLength(0);
    checkAllPayloads(slack.fake);
  });

  it('answers `/access passkeys` privately', async () => {
    const responseUrl = slack.fake.responseUrl();
    await sendCommand(slack.bot.url, 'passkeys', 'U-ADA', responseUrl);
    const body = await slack.fake.waitFor(() => slack.fake.respondedTo(responseUrl)[0]?.body);
    expect(body.response_type).toBe('ephemeral');
    expect(JSON.stringify(body)).toContain('You have no passkey yet');
  });
});

describe('Teams: the clicker’s card carries the link', () => {
  const t = useTeams({
    env: { TEAMS_ANONYMOUS: '1', NODE_ENV: 'test', HOST: '127.0.0.1', ...STEP_UP },
  });

  it('turns the clicked card into the question with an Open URL action, approving nothing', async () => {
    const sandbox = t.sandbox.current;
    const taskId = openRequest(sandbox, 'grace', 'aws', 'readOnly');
    const asked = await t.h.post(t.h.activities.cardAction('ada', 'approve', { value: taskId }));
    const card = shown(asked.body);
    expect(card).toMatch(
      new RegExp(
        `"type":"Action.OpenUrl","title":"Open the passkey page","url":"${URL_OF.source}"`,
      ),
    );
    expect(card).not.toMatch(NO_CODE);
    expect(approvals(sandbox, taskId)).toHaveLength(0);
    expect(t.h.cardIssues()).toEqual([]);
  });

  it('answers a typed `passkeys` in the personal chat', async () => {
    await t.h.post(t.h.activities.message('ada', 'passkeys'));
    const replies = t.h.connector.calls.filter((c) => c.op === 'reply');
    expect(JSON.stringify(replies.at(-1))).toContain('You have no passkey yet');
  });
});

describe('the terminal: the line carries the link', () => {
  const sandbox = useSandbox({ pageSize: 2 });
  let chat: TerminalChat;

  beforeAll(async () => {
    const client = clientFor(sandbox.current);
    const { bot } = await botFor(client, (store) => ({
      context: contextFor(client, store, new GateClock()),
      stepUp: { publicUrl: PUBLIC_URL },
    }));
    const chats = await openTerminalChats({ bot, email: users.ada.email });
    chat = chats.chat;
    return chats.stop;
  });

  it('prints the link whole on its own line, and no code to type', async () => {
    const taskId = openRequest(sandbox.current, 'grace', 'aws', 'readOnly');
    const asked = await chat.ask(`approve ${taskId.slice(0, 8)}`);
    expect(asked).toMatch(new RegExp(`^Open the passkey page: ${URL_OF.source}$`, 'm'));
    expect(asked).not.toMatch(/confirm [a-z2-9]{8}/);
    expect(approvals(sandbox.current, taskId)).toHaveLength(0);
  });

  it('answers `passkeys`', async () => {
    expect(await chat.ask('passkeys')).toContain('You have no passkey yet');
  });
});
