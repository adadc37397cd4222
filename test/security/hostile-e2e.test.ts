/**
 * End to end, over real HTTP on every platform: a requester types a hostile justification, the
 * request reaches the sandbox Access Service, and the approver's card shows it as text, with
 * nothing live; the approver then declines with a hostile reason, and that outcome is text too.
 */
import { describe, expect, it } from 'vitest';
import { reasonInputId } from '../../adapters/teams/payloads.ts';
import { users } from '../../src/sandbox/seed.ts';
import { cardsOf } from '../fakes/bot-connector-cards.ts';
import { useTeams } from '../fakes/bot-connector-harness.ts';
import {
  slackBlockProblems,
  slackProblems,
  teamsCardProblems,
  teamsProblems,
  terminalProblems,
} from '../fakes/hostile-checks.ts';
import { hostileJustification as J, MARK } from '../fakes/hostile-corpus.ts';
import { checkAllPayloads } from '../fakes/slack-blockkit.ts';
import type { Sent } from '../fakes/slack-bot.ts';
import { useSlackBot } from '../fakes/slack-harness.ts';
import {
  clickPayload,
  sendCommand,
  sendEvent,
  sendInteraction,
  submissionPayload,
} from '../fakes/slack-payloads.ts';
import { botFor } from '../helpers/bot.ts';
import { useSandbox } from '../helpers/sandbox.ts';
import { openTerminalChat } from '../helpers/terminal-chat.ts';

/** The request every platform makes: AWS Console's approver is Ada alone. */
const REQUEST = `request AWS Console PowerUser -- ${J}`;
const REASON = `<!channel> **pre-approved** https://evil.example \u001b]52;c;eA==\u0007 ${MARK}-REASON`;
/** How the card shows the justification's fake authority: as plain words. */
const WORDS = 'URGENT: pre-approved by CISO';

describe('Slack', () => {
  const slack = useSlackBot();
  const fake = () => slack.fake;

  async function ask(text: string, user: string) {
    const responseUrl = fake().responseUrl();
    const ack: Sent = await sendCommand(slack.bot.url, text, user, responseUrl);
    expect(ack.status).toBe(200);
    const body = await fake().waitFor(() => fake().respondedTo(responseUrl)[0]?.body);
    return { responseUrl, body: body as { text: string; blocks: unknown[] } };
  }

  it('shows the justification on the approver’s card, and the decline reason, as text', async () => {
    const asked = await ask(REQUEST, 'U-GRACE');
    expect(asked.body.text).toContain('Requested access to AWS Console (PowerUser)');
    expect(slackProblems(asked.body)).toEqual([]);

    const list = await ask('tasks', 'U-ADA');
    expect(JSON.stringify(list.body)).toContain(WORDS);
    expect(slackProblems(list.body)).toEqual([]);

    const where = { kind: 'ephemeral' as const, responseUrl: list.responseUrl };
    const head = (list.body.blocks as { block_id?: string }[]).find(
      (b) => b.block_id?.endsWith(':head') && JSON.stringify(b).includes('AWS Console'),
    );
    const taskId = head!.block_id!.split(':')[1]!;
    await sendInteraction(
      slack.bot.url,
      clickPayload(list.body.blocks, 'accessbot.decline', 'U-ADA', where, taskId),
    );
    const opened = await fake().waitFor(() => fake().callsOf('views.open')[0]);
    const reason = {
      reason: { 'accessbot.decline.reason': { type: 'plain_text_input', value: REASON } },
    };
    const view = { ...(opened.args.view as Record<string, unknown>), id: 'V-1' };
    await sendInteraction(slack.bot.url, submissionPayload(view, 'U-ADA', reason));
    const after = await fake().waitFor(() => fake().respondedTo(list.responseUrl)[1]?.body);
    expect(JSON.stringify(after)).toContain(`${MARK}-REASON`);
    expect(JSON.stringify(after)).toContain('Declined by Ada Lovelace');
    expect(slackProblems(after as { text: string; blocks: unknown[] })).toEqual([]);

    await sendEvent(slack.bot.url, { type: 'app_home_opened', user: 'U-ADA', tab: 'home' });
    const home = await fake().waitFor(() => fake().callsOf('views.publish')[0]);
    const homeBlocks = (home.args.view as { blocks: unknown[] }).blocks;
    expect(JSON.stringify(homeBlocks)).toContain(`${MARK}-REASON`);
    expect(slackBlockProblems(homeBlocks, 'home')).toEqual([]);
    expect(checkAllPayloads(fake())).toBeGreaterThan(3);
  });
});

describe('Teams', () => {
  const t = useTeams();
  const sent = () => t.h.connector.calls.filter((c) => c.op === 'reply' || c.op === 'send');

  it('shows the justification on the approver’s card, and the decline reason, as text', async () => {
    await t.h.post(t.h.activities.message('grace', REQUEST));
    const [asked] = sent();
    expect(JSON.stringify(asked?.activity)).toContain('Requested access to AWS Console');
    expect(teamsProblems(asked!.activity as Record<string, unknown>)).toEqual([]);

    t.h.connector.clear();
    await t.h.post(t.h.activities.message('ada', 'tasks'));
    const list = sent()[0]!.activity as Record<string, unknown>;
    expect(JSON.stringify(list)).toContain(WORDS);
    expect(teamsProblems(list)).toEqual([]);

    const [card] = cardsOf(list);
    const aws = (card!.body as unknown[]).find((b) => JSON.stringify(b).includes('AWS Console'));
    const taskId = /"value":"([0-9a-f-]{36})"/.exec(JSON.stringify(aws))![1]!;
    const data = { value: taskId, view: 'task', [reasonInputId(taskId)]: REASON };
    const answer = await t.h.post(t.h.activities.cardAction('ada', 'decline', data));
    expect(answer.status).toBe(200);
    expect(JSON.stringify(answer.body)).toContain(`${MARK}-REASON`);
    expect(teamsCardProblems(answer.body.value)).toEqual([]);
  });
});

describe('terminal', () => {
  const sandbox = useSandbox({ pageSize: 2 });

  const terminal = async (email: string) => {
    const { bot } = await botFor(sandbox.client);
    return openTerminalChat({ bot, email });
  };

  it('shows the justification on the approver’s screen, and the decline reason, as text', async () => {
    const grace = await terminal(users.grace.email);
    const asked = await grace.ask(REQUEST);
    expect(asked).toContain('Requested access');
    expect(terminalProblems(asked, false)).toEqual([]);
    await grace.stop();

    const ada = await terminal(users.ada.email);
    const list = await ada.ask('tasks');
    expect(list).toContain(WORDS);
    expect(terminalProblems(list, false)).toEqual([]);
    const number = /(\d+)\. Access request: AWS Console \(PowerUser\)/.exec(list)?.[1];
    const declined = await ada.ask(`decline ${number} -- ${REASON}`);
    expect(declined).toContain('You declined');
    expect(declined).toContain(`${MARK}-REASON`);
    expect(terminalProblems(declined, false)).toEqual([]);
    await ada.stop();
  });
});
