/**
 * Applications from chat hold the same on Slack, Teams and the terminal: each scenario runs
 * through each real adapter (Slack and Teams over real HTTP, the terminal over streams) against
 * one sandbox — the card for everyone and its inside for owners, admins and auditors only, no
 * credential-like field (by its name folded, or by its value's shape) on it, a
 * refusal without detail, a field set from the card's form and cleared (null removes it in the
 * sandbox), a sensitive mark that the next approval obeys and that takes two admins to clear, a
 * 409 and a bare 500 that change nothing, a policy chosen from the compatible list that the
 * sandbox records, and Request access leading into the request form.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/app/config.ts';
import { decisionContext } from '../../../src/app/runtime.ts';
import { AccessBot } from '../../../src/core/bot.ts';
import { fieldValues, policies, tasks, users, workApps } from '../../../src/sandbox/seed.ts';
import { openStore } from '../../../src/store/open.ts';
import { shown } from '../../fakes/bot-connector-harness.ts';
import {
  confirmationCodeOn,
  slackAnswer,
  slackClickOn,
  slackSay,
  slackUserOf,
  teamsAction,
  teamsSay,
} from '../../fakes/chat-drivers.ts';
import {
  selectPayload,
  sendCommand,
  sendInteraction,
  submissionPayload,
} from '../../fakes/slack-payloads.ts';
import { captureLog } from '../../helpers/bot.ts';
import { type ChatPlatforms, startChatPlatforms } from '../../helpers/every-platform.ts';
import { useSandbox } from '../../helpers/sandbox.ts';
import { openTerminalChat, type TerminalChat } from '../../helpers/terminal-chat.ts';

const sandbox = useSandbox({ pageSize: 2 });

/** Security administers, Finance audits; Margaret owns Figma (its Owners field says so). */
const ENV = { GROUP_ADMINS_GROUP: 'Security', AUDITORS_GROUP: 'Finance' };
const people = ['margaret', 'grace', 'katherine', 'ken', 'ada'] as const;
type Person = (typeof people)[number];

const { figma } = workApps;

/** A form as each platform fills it: its values by the core's input ids, or the line typed. */
interface Filled {
  kind: 'field' | 'policy';
  values: Record<string, string>;
  typed: string;
}

/** One platform as people use it; a `card` is what the platform showed, as JSON text. */
interface Platform {
  name: string;
  say(who: Person, text: string): Promise<string>;
  click(who: Person, verb: 'confirm' | 'cancel', card: string): Promise<string>;
  form(who: Person, card: string, filled: Filled): Promise<string>;
  mark(who: Person, card: string, mark: 'yes' | 'no'): Promise<string>;
  /** Request access on the card: what the person is shown next. */
  request(who: Person, card: string): Promise<string>;
}

let slack: ChatPlatforms['slack'];
let teams: ChatPlatforms['teams'];
let terminals: Record<Person, TerminalChat>;
let platforms: Platform[];

const idOn = confirmationCodeOn;

function slackPlatform(): Platform {
  const { fake } = slack;
  const clickOn = (who: Person, card: string, actionId: string, value?: string) =>
    slackClickOn(fake, slack.bot.url, who, card, actionId, value);
  const opened = async (n: number) => {
    const views = () => [...fake.callsOf('views.open'), ...fake.callsOf('views.push')];
    const call = await fake.waitFor(() => views()[n]);
    return { ...(call.args.view as Record<string, unknown>), id: `V-${n}` };
  };
  return {
    name: 'Slack',
    say: (who, text) => slackSay(fake, slack.bot.url, who, text),
    async click(who, verb, card) {
      const id = verb === 'confirm' ? 'accessbot.change.confirm' : 'accessbot.change.cancel';
      return slackAnswer(fake, await clickOn(who, card, id));
    },
    async form(who, card, filled) {
      const before = fake.callsOf('views.open').length + fake.callsOf('views.push').length;
      const responseUrl = await clickOn(who, card, `accessbot.app.${filled.kind}`);
      const view = await opened(before);
      const state = Object.fromEntries(
        Object.entries(filled.values).map(([id, value]) => [
          id,
          {
            [id]: /Value$/.test(id)
              ? { type: 'plain_text_input', value }
              : {
                  type: 'static_select',
                  selected_option: { value, text: { type: 'plain_text', text: value } },
                },
          },
        ]),
      );
      await sendInteraction(slack.bot.url, submissionPayload(view, slackUserOf(who), state));
      return slackAnswer(fake, responseUrl);
    },
    async mark(who, card, mark) {
      const value = `${figma.id}:${mark}`;
      return slackAnswer(fake, await clickOn(who, card, 'accessbot.app.mark', value));
    },
    async request(who, card) {
      const before = fake.callsOf('views.open').length + fake.callsOf('views.push').length;
      await clickOn(who, card, 'accessbot.app.request');
      return JSON.stringify(await opened(before));
    },
  };
}

function teamsPlatform(): Platform {
  const execute = async (
    who: Person,
    card: string,
    verb: string,
    more: Record<string, unknown> = {},
    matches?: (data: Record<string, unknown>) => boolean,
  ) => {
    const action = teamsAction(JSON.parse(card), verb, matches);
    if (!action) throw new Error(`no ${verb} on ${card.slice(0, 300)}`);
    const data = { ...(action.data as Record<string, unknown>), ...more };
    const res = await teams.post(teams.activities.cardAction(who, verb, data));
    return shown(res.body);
  };
  return {
    name: 'Teams',
    say: (who, text) => teamsSay(teams, who, text),
    click: (who, verb, card) => execute(who, card, `${verb}Change`),
    form: (who, card, filled) =>
      execute(who, card, filled.kind === 'field' ? 'appField' : 'appPolicy', filled.values),
    mark: (who, card, mark) =>
      execute(who, card, 'appMark', {}, (data) => String(data.value).endsWith(`:${mark}`)),
    request: (who, card) => execute(who, card, 'requestApp'),
  };
}

/** The terminal has no buttons: a click, a form or Mark is the line the card says to type. */
function terminalPlatform(): Platform {
  const ask = (who: Person, text: string) => terminals[who].ask(text);
  return {
    name: 'terminal',
    say: ask,
    click: (who, verb, card) => ask(who, `${verb} ${idOn(card)}`),
    form: (who, _card, filled) => ask(who, filled.typed),
    mark: (who, _card, mark) =>
      ask(who, mark === 'yes' ? 'app set Figma Sensitive yes' : 'app clear Figma Sensitive'),
    request: async (_who, card) => card,
  };
}

async function openTerminals() {
  const config = loadConfig({ ACCESS_API_URL: 'sandbox', ...ENV });
  const store = await openStore('sqlite::memory:');
  const { log } = captureLog();
  const client = sandbox.client;
  const bot = new AccessBot({
    client,
    store,
    log,
    pendingStatus: 'Pending',
    groups: config.groups,
    apps: config.apps,
    context: decisionContext(config, { client, store, log }),
  });
  const chats = {} as Record<Person, TerminalChat>;
  for (const who of people) chats[who] = await openTerminalChat({ bot, email: users[who].email });
  return chats;
}

let chats: ChatPlatforms;

beforeAll(async () => {
  chats = await startChatPlatforms(sandbox.current, ENV);
  ({ slack, teams } = chats);
  terminals = await openTerminals();
  platforms = [slackPlatform(), teamsPlatform(), terminalPlatform()];
});

afterAll(async () => {
  await Promise.all(Object.values(terminals ?? {}).map((t) => t.stop()));
  await chats?.close();
});

afterEach(() => chats.checkPayloads());

/** Figma's fields and policies as seeded, before each test. */
beforeEach(() => {
  chats.reset();
  sandbox.current.requests.length = 0;
  const app = sandbox.current.state.workApp(figma.id);
  const seeded: Record<string, string> = fieldValues.figma ?? {};
  for (const [key, field] of Object.entries(figma.fields)) {
    app.fields.get(field.id)!.value = seeded[key] ?? null;
  }
  for (const level of app.levels.values()) level.policyIds.clear();
});

const figmaField = (key: keyof typeof figma.fields) =>
  sandbox.current.state.workApp(figma.id).fields.get(figma.fields[key].id)!.value;
const patches = () =>
  sandbox.current.requests.filter((r) => r.method === 'PATCH').map((r) => JSON.parse(r.body));
/** What a card says only to those who may change the application: its buttons, or what to type. */
const CHANGES = /Set a field|Change it with/;
/** Text as people read it: quotes that JSON escaped are quotes again. */
const said = (text: string) => text.replaceAll('\\"', '"');
const isPatch = (method: string, path: string) =>
  method === 'PATCH' && path.endsWith('/CustomFields');

/** Field names that hold credentials, as organisations spell them: each is hidden by its name. */
const SECRET_NAMES = [
  'Password',
  'API key',
  'Client secret',
  'Access Key',
  'SSH key',
  'PIN',
  'Connection string',
  'Webhook URL',
  'ＴＯＫＥＮ',
  'Pass_Word',
  'Signing-Key',
  'Recovery codes',
  'Session cookie',
  'Sentry DSN',
  'TOTP seed',
  'Bearer',
  'accessKeyId',
  'パスワード',
];

/** Credentials under a harmless name: each is hidden by its shape. */
const HOSTILE_VALUES = [
  'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
  'ghp_a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8',
  'https://admin:hunter2-figma@db.example.com/prod',
  'https://api.example.com/hook?token=Zq81ffa0c2e9d7',
  'Server=tcp:db;Database=figma;User Id=sa;Password=Pa55word-figma!;',
  '-----BEGIN OPENSSH PRIVATE KEY----- b3BlbnNzaC1rZXktdjEAAAAA -----END OPENSSH PRIVATE KEY-----',
  'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIOMqqnkVzrm0SdG6UOoqKLsab user@host',
  'ＡＫＩＡＩＯＳＦＯＤＮＮ７ＥＸＡＭＰＬＥ',
];

/** Fields that only look near: shown. */
const HARMLESS = [
  ['Keyboard layout', 'US-International'],
  ['Pinned channel', '#design-help'],
  ['Wiki', 'https://confluence.example.com/display/DES/Onboarding2024'],
  ['Release', 'SAP-ERP-PROD-2024-EU-WEST-01'],
] as const;

describe.each([0, 1, 2])('applications on every platform (%#: Slack, Teams, terminal)', (i) => {
  const p = () => platforms[i]!;

  it('shows everyone the card, but an application hidden from their groups is not found', async () => {
    const card = await p().say('grace', 'app figma');
    for (const shownText of [
      'Interface design and prototyping',
      'Viewer',
      'Editor',
      'By default in',
      'Design',
      'Owner team',
      'Ask for access with',
    ]) {
      expect(card).toContain(shownText);
    }
    expect(card).not.toContain('Who has access');
    expect(card).not.toMatch(CHANGES);
    // Engineering, Grace's group, hides Salesforce: for her it does not exist.
    const hidden = await p().say('grace', 'app Salesforce');
    expect(hidden).toContain('I found no application called');
    expect(hidden).not.toContain('Customer relationship management');
  });

  it('shows who has access, hidden groups and policies to owners and auditors only', async () => {
    const owner = await p().say('margaret', 'app Figma');
    expect(owner).toContain('Who has access: 2 people');
    expect(owner).toContain('Margaret Hamilton — Editor');
    expect(owner).toContain('Tim Berners-Lee — Viewer');
    expect(owner).toContain('Hidden from');
    expect(owner).toContain('Security');
    expect(owner).toContain('a policy set outside accessbot is not shown here');
    expect(owner).toContain('Cloud platform owners');
    expect(owner).toMatch(CHANGES);
    const auditor = await p().say('katherine', 'app Figma');
    expect(auditor).toContain('Who has access: 2 people');
    expect(auditor).not.toMatch(CHANGES);
    const nobody = await p().say('grace', 'app Figma');
    expect(nobody).not.toContain('Margaret Hamilton');
  });

  it('refuses someone who is neither owner nor admin, without detail, and changes nothing', async () => {
    const refused = await p().say('grace', 'app set Figma "Cost center" CC-1');
    expect(refused).toContain('You may not change Figma. Nothing was changed.');
    expect(refused).not.toMatch(/owner|admin/i);
    expect(await p().say('grace', 'app policy Figma request "Cloud platform owners"')).toContain(
      'You may not change Figma.',
    );
    expect(patches()).toEqual([]);
    expect(figmaField('costCenter')).toBeNull();
  });

  it('hides every credential-like field, by its name folded or by its value, and shows the rest', async () => {
    const app = sandbox.current.state.workApp(figma.id);
    const added = [
      ...SECRET_NAMES.map((name, n) => ({ name, value: `kept-${n}-quiet` })),
      ...HOSTILE_VALUES.map((value, n) => ({ name: `Note ${n}`, value })),
      ...HARMLESS.map(([name, value]) => ({ name, value })),
    ].map((f, n) => ({ id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`, ...f }));
    for (const f of added) app.fields.set(f.id, f);
    try {
      const card = said(await p().say('grace', 'app Figma'));
      for (const [n] of SECRET_NAMES.entries()) expect(card).not.toContain(`kept-${n}-quiet`);
      for (const value of HOSTILE_VALUES) {
        for (const part of value.split(/[\s;]+/).filter((x) => x.length > 12)) {
          expect(card).not.toContain(part);
        }
      }
      const hidden = card.split('secret: not shown in chat').length - 1;
      expect(hidden).toBe(SECRET_NAMES.length + HOSTILE_VALUES.length);
      for (const [name, value] of HARMLESS) {
        expect(card).toContain(name);
        // A URL is shown defanged (`https[:]//`), so it cannot be clicked.
        expect(card).toContain(value.replace('https://', ''));
      }
    } finally {
      for (const f of added) app.fields.delete(f.id);
    }
  });

  it('sets a field from the card’s form once confirmed, and a cleared field is removed', async () => {
    const card = await p().say('margaret', 'app Figma');
    const asked = await p().form('margaret', card, {
      kind: 'field',
      values: { appField: figma.fields.costCenter.id, appValue: 'CC-7' },
      typed: 'app set Figma "Cost center" CC-7',
    });
    expect(said(asked)).toContain('Confirm: set Cost center of Figma to "CC-7"?');
    expect(figmaField('costCenter')).toBeNull();
    const forged = await p().click('grace', 'confirm', asked);
    expect(forged).toContain('Only the person who asked for this change');
    const done = await p().click('margaret', 'confirm', asked);
    expect(said(done)).toContain('Done: set Cost center of Figma to "CC-7".');
    expect(figmaField('costCenter')).toBe('CC-7');
    expect(await p().click('margaret', 'confirm', asked)).toContain('nothing was done twice');
    const clear = await p().say('margaret', 'app clear Figma "Cost center"');
    expect(await p().say('margaret', `confirm ${idOn(clear)}`)).toContain(
      'Done: clear Cost center of Figma.',
    );
    expect(figmaField('costCenter')).toBeNull();
    const id = figma.fields.costCenter.id;
    expect(patches()).toEqual([
      { customFields: [{ id, value: 'CC-7' }] },
      { customFields: [{ id, value: null }] },
    ]);
    expect(await p().say('margaret', 'history')).toContain('clear Cost center of Figma: done');
  });

  it('marks Figma sensitive, so the next approval asks to confirm; clearing it takes two admins', async () => {
    await p().say('margaret', 'tasks'); // what her list says of Figma is remembered
    const card = await p().say('margaret', 'app Figma');
    const asked = await p().mark('margaret', card, 'yes');
    expect(said(await p().click('margaret', 'confirm', asked))).toContain(
      'Done: set Sensitive of Figma to "yes".',
    );
    expect(figmaField('sensitive')).toBe('yes');
    const approving = await p().say('margaret', `approve ${tasks.margaretTimFigmaEditor}`);
    expect(approving).toContain('sensitive application');
    expect(sandbox.current.state.task(tasks.margaretTimFigmaEditor).status).toBe('Pending');

    const unmark = await p().mark('margaret', await p().say('margaret', 'app Figma'), 'no');
    expect(unmark).toMatch(/A second admin confirms it|another of accessbot’s admins types/);
    const id = idOn(unmark);
    expect(await p().say('margaret', `confirm ${id}`)).toContain('takes a second admin');
    expect(await p().say('grace', `confirm ${id}`)).toContain('Nothing was changed');
    expect(figmaField('sensitive')).toBe('yes');
    expect(await p().say('ken', `confirm ${id}`)).toContain('Done: clear Sensitive of Figma.');
    expect(figmaField('sensitive')).toBeNull();
  });

  it('answers a 409 and a bare 500 truthfully, and changes nothing', async () => {
    const conflict = await p().say('margaret', 'app set Figma "Cost center" CC-9');
    const refused = sandbox.current.faults.failWhere(isPatch, 409);
    expect(await p().click('margaret', 'confirm', conflict)).toContain(
      'Someone changed Figma meanwhile, so I changed nothing',
    );
    refused.stop();
    const broken = await p().say('margaret', 'app set Figma "Cost center" CC-9');
    const failing = sandbox.current.faults.failWhere(isPatch, 500);
    expect(await p().click('margaret', 'confirm', broken)).toContain(
      'The Access Service did not make the change; nothing changed.',
    );
    failing.stop();
    expect(figmaField('costCenter')).toBeNull();
    // Changed elsewhere after the card was made: nothing is sent at all.
    const stale = await p().say('margaret', 'app set Figma "Cost center" CC-9');
    sandbox.current.state.updateCustomFields(figma.id, [
      { id: figma.fields.costCenter.id, value: 'CC-elsewhere' },
    ]);
    expect(await p().click('margaret', 'confirm', stale)).toContain('Someone changed Figma');
    expect(figmaField('costCenter')).toBe('CC-elsewhere');
    expect(patches()).toHaveLength(2);
  });

  it('sets a policy chosen from the compatible list, which the sandbox records and the card names', async () => {
    const card = await p().say('margaret', 'app Figma');
    const asked = await p().form('margaret', card, {
      kind: 'policy',
      values: {
        appPolicy: `AccessRequest:${policies.cloudOwners.id}`,
        appLevel: figma.levels.editor.id,
      },
      typed: 'app policy Figma level Editor request "Cloud platform owners"',
    });
    expect(asked).toContain('set the policy for access requests on Figma (Editor)');
    expect(await p().click('margaret', 'confirm', asked)).toContain('Done:');
    const editor = sandbox.current.state.workApp(figma.id).levels.get(figma.levels.editor.id);
    expect(editor?.policyIds.get('AccessRequest')).toBe(policies.cloudOwners.id);
    expect(await p().say('margaret', 'app Figma')).toContain(
      'Cloud platform owners, set by Margaret Hamilton',
    );
  });

  it('leads from the card into the request form, Figma chosen', async () => {
    const card = await p().say('grace', 'app Figma');
    const next = await p().request('grace', card);
    if (p().name === 'terminal') expect(next).toContain('request Figma [level] -- <why>');
    else {
      expect(next).toContain('Request access');
      expect(next).toContain(figma.id);
      expect(next).toContain('Editor');
    }
  });
});

describe('from the request form, the chosen application’s card', () => {
  it('on Slack: About this application shows it over the form', async () => {
    const { fake } = slack;
    await sendCommand(slack.bot.url, 'request', slackUserOf('grace'), fake.responseUrl());
    const form = await fake.waitFor(() => fake.callsOf('views.open')[0]);
    const view = { ...(form.args.view as Record<string, unknown>), id: 'V-form' };
    const option = { value: figma.id, text: { type: 'plain_text', text: 'Figma' } };
    await sendInteraction(
      slack.bot.url,
      selectPayload(view, 'accessbot.request.app', slackUserOf('grace'), option),
    );
    const chosen = await fake.waitFor(() => fake.callsOf('views.update')[0]);
    const state = {
      app: { 'accessbot.request.app': { type: 'external_select', selected_option: option } },
    };
    const about = {
      ...selectPayload(
        { ...(chosen.args.view as Record<string, unknown>), id: 'V-form' },
        'accessbot.request.app',
        slackUserOf('grace'),
        option,
        state,
      ),
      actions: [
        { type: 'button', action_id: 'accessbot.app.card', block_id: 'about', value: figma.id },
      ],
    };
    expect(JSON.stringify(chosen.args.view)).toContain('About this application');
    await sendInteraction(slack.bot.url, about);
    const pushed = await fake.waitFor(() => fake.callsOf('views.push')[0]);
    expect(JSON.stringify(pushed.args.view)).toContain('Interface design and prototyping');
  });

  it('on Teams: About this application answers with it', async () => {
    const form = await teamsSay(teams, 'grace', 'request');
    expect(teamsAction(JSON.parse(form), 'appCard')).toBeDefined();
    const res = await teams.post(
      teams.activities.cardAction('grace', 'appCard', { workAppId: figma.id }),
    );
    expect(shown(res.body)).toContain('Interface design and prototyping');
    const none = await teams.post(teams.activities.cardAction('grace', 'appCard', {}));
    expect(none.status).toBe(400);
  });
});
