/**
 * Every rule about who may see or do what holds the same on Slack, Teams and the terminal: the
 * same scenario runs through each real adapter (over real HTTP for Slack and Teams) against one
 * sandbox. An adapter that bypassed the core, or re-implemented a rule its own way, fails here.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { requestModal } from '../../adapters/slack/request-form.ts';
import { english } from '../../src/core/i18n/voice.ts';
import { users, workApps } from '../../src/sandbox/seed.ts';
import {
  type Harness,
  openGithubTask,
  shown,
  startHarness,
} from '../fakes/bot-connector-harness.ts';
import { slackAnswer, slackSay, teamsSay } from '../fakes/chat-drivers.ts';
import { FakeSlack } from '../fakes/slack-api.ts';
import { type RunningSlackBot, startSlackBot } from '../fakes/slack-bot.ts';
import { clickPayload, sendInteraction, submissionPayload } from '../fakes/slack-payloads.ts';
import { botFor } from '../helpers/bot.ts';
import { useSandbox } from '../helpers/sandbox.ts';
import { openTerminalChat, type TerminalChat } from '../helpers/terminal-chat.ts';

const sandbox = useSandbox({ pageSize: 2 });
type Person = 'ada' | 'grace' | 'stranger';

/** One platform as a person uses it: type a command, click a task button; what they are shown. */
interface Platform {
  name: string;
  say(who: Person, text: string): Promise<string>;
  click(who: Person, action: 'approve' | 'approveAll', value: string): Promise<string>;
  /** The number of times the message clicked was changed for everyone. */
  changed(): number;
}

let slack: { fake: FakeSlack; bot: RunningSlackBot };
let teams: Harness;

const slackUser = (who: Person) => `U-${who.toUpperCase()}`;

function slackPlatform(): Platform {
  const answer = (responseUrl: string) => slackAnswer(slack.fake, responseUrl);
  return {
    name: 'Slack',
    say: (who, text) => slackSay(slack.fake, slack.bot.url, who, text),
    async click(who, action, value) {
      const responseUrl = slack.fake.responseUrl();
      const actionId = action === 'approve' ? 'accessbot.approve' : 'accessbot.approve_all';
      const blocks = [
        { type: 'actions', elements: [{ type: 'button', action_id: actionId, value, text: {} }] },
      ];
      const where = { kind: 'ephemeral' as const, responseUrl };
      await sendInteraction(slack.bot.url, clickPayload(blocks, actionId, slackUser(who), where));
      return answer(responseUrl);
    },
    changed: () =>
      slack.fake.responded.filter((r) => r.body.replace_original === true).length +
      slack.fake.callsOf('chat.update').length,
  };
}

function teamsPlatform(): Platform {
  return {
    name: 'Teams',
    say: (who, text) => teamsSay(teams, who, text),
    async click(who, action, value) {
      const res = await teams.post(teams.activities.cardAction(who, action, { value }));
      return shown(res.body);
    },
    changed: () => teams.connector.calls.filter((c) => c.op === 'update').length,
  };
}

/** The terminal chat of one person, its output read as the person reads it. */
async function startTerminal(email: string) {
  const { bot } = await botFor(sandbox.client);
  return openTerminalChat({ bot, email });
}

/** The terminal has no buttons: a click is the command that does the same. */
function terminalPlatform(people: Record<Person, TerminalChat>) {
  return {
    name: 'terminal',
    say: (who: Person, text: string) => people[who].ask(text),
    click: (who: Person, _action: 'approve' | 'approveAll', value: string) =>
      people[who].ask(`approve ${value.split(',')[0]}`),
    changed: () => 0,
  } satisfies Platform;
}

let terminals: Record<Person, TerminalChat>;
let platforms: Platform[];

beforeAll(async () => {
  const fake = await FakeSlack.start();
  slack = { fake, bot: await startSlackBot(sandbox.current, fake) };
  teams = await startHarness(sandbox.current);
  terminals = {
    ada: await startTerminal(users.ada.email),
    grace: await startTerminal(users.grace.email),
    stranger: await startTerminal('stranger@elsewhere.example'),
  };
  platforms = [slackPlatform(), teamsPlatform(), terminalPlatform(terminals)];
});

afterAll(async () => {
  for (const terminal of Object.values(terminals ?? {})) await terminal.stop();
  await teams?.close();
  await slack?.bot.close();
  await slack?.fake.close();
});

beforeEach(() => {
  slack.fake.reset();
  teams.connector.calls.length = 0;
  sandbox.current.faults.reset();
});

const approvals = () =>
  sandbox.current.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/Approve'));

describe.each([0, 1, 2])('on every platform (%#: Slack, Teams, terminal)', (index) => {
  const platform = () => platforms[index]!;

  it('tells someone else nothing about a task that never was theirs, and decides nothing', async () => {
    const alans = openGithubTask(sandbox.current, 'alan');
    sandbox.current.state.decideTask(alans, 'Declined', users.alan.id, 'confidential: reorg');
    sandbox.current.requests.length = 0;
    for (const said of [
      await platform().say('grace', `decline ${alans} -- nope`),
      await platform().click('grace', 'approve', alans),
    ]) {
      expect(said).toContain('not in your task list');
      expect(said).not.toContain('confidential');
      expect(said).not.toContain('GitHub');
    }
    expect(approvals()).toEqual([]);
    expect(platform().changed()).toBe(0);
  });

  it('shows a person with no Access account nothing, not even the directory', async () => {
    const adas = openGithubTask(sandbox.current, 'ada');
    for (const command of ['tasks', `approve ${adas}`, 'members Engineering', 'apps', 'groups']) {
      const said = await platform().say('stranger', command);
      expect(said, command).toContain('does not belong to any user');
      expect(said, command).not.toContain('GitHub');
      expect(said, command).not.toContain('Ada Lovelace');
    }
    expect(sandbox.current.state.task(adas).status).toBe('Pending');
  });

  it('approves a listed task once however often it is named, with one wording', async () => {
    const first = openGithubTask(sandbox.current, 'ada');
    await platform().say('ada', 'tasks');
    sandbox.current.requests.length = 0;
    const said = await platform().click('ada', 'approveAll', [first, first, first].join(','));
    expect(approvals()).toHaveLength(1);
    expect(sandbox.current.state.task(first).status).toBe('Approved');
    if (platform().name !== 'terminal') expect(said).toContain('Approved 1 of 1 task');
    else expect(said).toContain('You approved');
  });

  it('sums up a decision on several tasks the same way: one line per task, said once', async () => {
    const [one, two, gone] = [0, 1, 2].map(() => openGithubTask(sandbox.current, 'ada'));
    await platform().say('ada', 'tasks');
    sandbox.current.state.decideTask(gone!, 'Declined', users.alan.id, 'duplicate');
    const said = await platform().say('ada', `approve ${one} ${two} ${gone}`);
    expect(said).toContain('Approved 2 of 3 tasks');
    // Slack carries the summary twice, as blocks and as its plain-text fallback; Teams also as
    // what a screen reader says of the card.
    const copies = { terminal: 1, Slack: 2, Teams: 3 }[platform().name] ?? 0;
    expect(said.match(/GitHub \([A-Za-z]+\): approved/g)).toHaveLength(2 * copies);
    expect(said).toMatch(/GitHub \([A-Za-z]+\): already decided — Declined by Alan Turing/);
    expect(said).not.toMatch(/already decided — This task was already decided/);
    const [three, four] = [0, 1].map(() => openGithubTask(sandbox.current, 'ada'));
    const declined = await platform().say('ada', `decline ${three} ${four} --`);
    expect(declined).toContain('Declined 2 of 2 tasks');
    expect(declined.match(/GitHub \([A-Za-z]+\): declined/g)).toHaveLength(2 * copies);
  });
});

describe('the request form: ids are read again from the service on Slack and Teams', () => {
  const forged = '00000000-0000-4000-8000-0000000000aa';
  const accessesNow = () => sandbox.current.state.accesses.size;

  it('refuses a forged application id on Slack, creating nothing', async () => {
    const before = accessesNow();
    const responseUrl = slack.fake.responseUrl();
    const view = { id: 'V-1', ...requestModal(english, { responseUrl }) };
    const picked = { value: forged, text: { type: 'plain_text', text: 'Payroll (admin)' } };
    await sendInteraction(
      slack.bot.url,
      submissionPayload(view, slackUser('grace'), {
        app: { 'accessbot.request.app': { type: 'external_select', selected_option: picked } },
        why: { 'accessbot.request.why': { type: 'plain_text_input', value: 'please' } },
      }),
    );
    const said = JSON.stringify(
      await slack.fake.waitFor(() => slack.fake.respondedTo(responseUrl).at(-1)?.body),
    );
    expect(said).toContain('That application is not available');
    expect(said).not.toContain('Requested access');
    expect(accessesNow()).toBe(before);
  });

  it('refuses a forged application id on Teams, creating nothing', async () => {
    const before = accessesNow();
    const res = await teams.post(
      teams.activities.cardAction('grace', 'request', { workAppId: forged, justification: 'x' }),
    );
    expect(shown(res.body)).toContain('That application is not available');
    expect(accessesNow()).toBe(before);
  });

  it('refuses a level that is not the application’s own, creating nothing', async () => {
    const before = accessesNow();
    const res = await teams.post(
      teams.activities.cardAction('grace', 'request', {
        workAppId: workApps.jira.id,
        permissionLevelId: workApps.github.levels.admin.id,
      }),
    );
    expect(shown(res.body)).toContain('Jira has no such permission level');
    expect(accessesNow()).toBe(before);
  });
});
