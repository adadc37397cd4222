/**
 * When the store fails, every door says so — "I can't serve right now, try again in a minute", in
 * the person's language — and nothing is decided: the Slack command, a button, the approval and
 * decline forms and App Home; a Teams message and a card's Action.Execute; the terminal. The
 * store is the real one behind a switch (failing-store.ts) that makes every call fail as a lost
 * database does, rate counts and replay guards included; the platforms are the real Bolt and
 * botbuilder over real HTTP, the Access Service the sandbox.
 */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AccessBot } from '../../src/core/bot.ts';
import { users } from '../../src/sandbox/seed.ts';
import { openStore } from '../../src/store/open.ts';
import type { Store } from '../../src/store/store.ts';
import { openGithubTask, shown, useTeams } from '../fakes/bot-connector-harness.ts';
import { type FailingStore, failingStore } from '../fakes/failing-store.ts';
import type { Sandbox } from '../fakes/sandbox-faults.ts';
import { useSlackBot } from '../fakes/slack-harness.ts';
import {
  clickPayload,
  sendCommand,
  sendEvent,
  sendInteraction,
  submissionPayload,
  type Where,
} from '../fakes/slack-payloads.ts';
import { captureLog } from '../helpers/bot.ts';
import { contextFor, GateClock, openRequest } from '../helpers/decide-world.ts';
import { clientFor, useSandbox } from '../helpers/sandbox.ts';
import { openTerminalChats, type TerminalChat } from '../helpers/terminal-chat.ts';

/** As in production: every action is counted in the store. */
const rateLimit = { perMinute: 6000, burst: 1000 };

const SAID = {
  en: "I can't serve right now",
  de: 'Ich kann gerade nicht helfen',
  ja: '今は対応できません',
};

/** The requests that would have decided something. */
const decisions = (sandbox: Sandbox) =>
  sandbox.requests.filter(
    (r) => r.method === 'POST' && /\/Tasks\/[^/]+\/(Approve|Decline)$/.test(r.path),
  );

/** The store as a test switches it; it comes back up after every test. */
function switchable() {
  const holder = {} as { s: FailingStore };
  const wrap = (store: Store) => {
    holder.s = failingStore(store);
    return holder.s.store;
  };
  afterEach(() => holder.s.up());
  return { wrap, down: () => holder.s.down(), refused: () => holder.s.refused };
}

describe('Slack', () => {
  const store = switchable();
  const slack = useSlackBot({}, { bot: { rateLimit }, wrapStore: store.wrap });
  const fake = () => slack.fake;
  const sandbox = () => slack.sandbox.current;
  const text = (value: unknown) => JSON.stringify(value);

  async function list(user = 'U-ADA') {
    const responseUrl = fake().responseUrl();
    await sendCommand(slack.bot.url, 'tasks', user, responseUrl);
    const body = await fake().waitFor(() => fake().respondedTo(responseUrl)[0]?.body);
    return { where: { kind: 'ephemeral', responseUrl } as Where, blocks: body.blocks as unknown[] };
  }
  const answered = (where: Where, n: number) =>
    fake().waitFor(() =>
      where.kind === 'ephemeral' ? fake().respondedTo(where.responseUrl)[n]?.body : undefined,
    );

  it('answers a slash command in the person’s language, and decides nothing', async () => {
    fake().locales.set('U-ALAN', 'de-DE');
    const taskId = openGithubTask(sandbox(), 'alan');
    store.down();
    for (const line of ['tasks', `approve ${taskId}`, `decline ${taskId} -- no`, 'help']) {
      const responseUrl = fake().responseUrl();
      await sendCommand(slack.bot.url, line, 'U-ALAN', responseUrl);
      const body = await fake().waitFor(() => fake().respondedTo(responseUrl)[0]?.body);
      expect(text(body), line).toContain(SAID.de);
    }
    expect(store.refused().length).toBeGreaterThan(0);
    expect(decisions(sandbox())).toEqual([]);
  });

  it('answers a click on Approve where it came from, and decides nothing', async () => {
    const taskId = openGithubTask(sandbox());
    const { where, blocks } = await list();
    store.down();
    await sendInteraction(
      slack.bot.url,
      clickPayload(blocks, 'accessbot.approve', 'U-ADA', where, taskId),
    );
    expect(text(await answered(where, 1))).toContain(SAID.en);
    expect(decisions(sandbox())).toEqual([]);
    expect(sandbox().state.task(taskId).status).toBe('Pending');
  });

  it('answers the approval form and the decline form when submitted, and decides nothing', async () => {
    const sensitive = openRequest(sandbox(), 'grace', 'aws', 'readOnly');
    const plain = openGithubTask(sandbox());
    const { where, blocks } = await list();
    await sendInteraction(
      slack.bot.url,
      clickPayload(blocks, 'accessbot.approve', 'U-ADA', where, sensitive),
    );
    await sendInteraction(
      slack.bot.url,
      clickPayload(blocks, 'accessbot.decline', 'U-ADA', where, plain),
    );
    const views = await fake().waitFor(() => {
      const opened = fake().callsOf('views.open');
      return opened.length === 2
        ? opened.map((c) => c.args.view as Record<string, unknown>)
        : undefined;
    });
    store.down();
    const approveView = views.find((v) => v.callback_id === 'accessbot.approve_confirm')!;
    const declineView = views.find((v) => v.callback_id !== 'accessbot.approve_confirm')!;
    await sendInteraction(
      slack.bot.url,
      submissionPayload({ ...approveView, id: 'V-1' }, 'U-ADA', {}),
    );
    expect(text(await answered(where, 1))).toContain(SAID.en);
    const reason = {
      reason: { 'accessbot.decline.reason': { type: 'plain_text_input', value: 'no' } },
    };
    await sendInteraction(
      slack.bot.url,
      submissionPayload({ ...declineView, id: 'V-2' }, 'U-ADA', reason),
    );
    expect(text(await answered(where, 2))).toContain(SAID.en);
    expect(decisions(sandbox())).toEqual([]);
  });

  it('publishes App Home saying so, in the person’s language', async () => {
    fake().locales.set('U-GRACE', 'ja-JP');
    store.down();
    const ack = await sendEvent(slack.bot.url, {
      type: 'app_home_opened',
      user: 'U-GRACE',
      channel: 'D-GRACE',
      tab: 'home',
      event_ts: '1.2',
    });
    expect(ack.status).toBe(200);
    const call = await fake().waitFor(() => fake().callsOf('views.publish')[0]);
    expect(call.args.user_id).toBe('U-GRACE');
    expect(text(call.args.view)).toContain(SAID.ja);
  });
});

describe('Teams', () => {
  const store = switchable();
  const t = useTeams({ bot: { rateLimit }, wrapStore: store.wrap });
  const sandbox = () => t.sandbox.current;
  const replies = () => t.h.connector.calls.filter((c) => c.op === 'reply');

  it('answers a message in the person’s language, `help` included', async () => {
    store.down();
    for (const line of ['help', 'tasks', 'approve 1']) {
      t.h.connector.clear();
      const res = await t.h.post({ ...t.h.activities.message('ada', line), locale: 'ja-JP' });
      expect(res.status).toBe(200);
      expect(shown(replies()[0]?.activity), line).toContain(SAID.ja);
    }
  });

  it('answers a card’s Approve (Action.Execute), and the task stays pending', async () => {
    const taskId = openGithubTask(sandbox());
    store.down();
    const res = await t.h.post(
      t.h.activities.cardAction('ada', 'approve', { value: taskId, view: 'task' }),
    );
    // An error Teams shows on the card, with the sentence.
    expect(res.body).toMatchObject({ statusCode: 503, value: { code: 'ServiceUnavailable' } });
    expect(res.body.value.message).toContain(SAID.en);
    expect(decisions(sandbox())).toEqual([]);
    expect(sandbox().state.task(taskId).status).toBe('Pending');
  });
});

describe('the terminal', () => {
  const sandbox = useSandbox({ pageSize: 2 });
  let chat: TerminalChat;
  let de: TerminalChat;
  let failing: FailingStore;

  beforeAll(async () => {
    const client = clientFor(sandbox.current);
    const real = await openStore('sqlite::memory:');
    failing = failingStore(real);
    const { log } = captureLog();
    const context = contextFor(client, failing.store, new GateClock());
    const bot = new AccessBot({
      client,
      store: failing.store,
      log,
      pendingStatus: 'Pending',
      rateLimit,
      context,
    });
    const chats = await openTerminalChats({ bot, email: users.ada.email });
    chat = chats.chat;
    de = await chats.inLanguage('de-DE');
    return async () => {
      await chats.stop();
      await real.close();
    };
  });
  afterEach(() => failing.up());

  it('answers each line, decides nothing, and serves again once the store is back', async () => {
    failing.down();
    expect(await chat.ask('tasks')).toContain(SAID.en);
    expect(await chat.ask('approve 1')).toContain(SAID.en);
    expect(await de.ask('decline 1 -- nein')).toContain(SAID.de);
    expect(decisions(sandbox.current)).toEqual([]);
    failing.up();
    expect(await chat.ask('tasks')).toContain('pending task');
  });
});
