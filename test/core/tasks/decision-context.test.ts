/**
 * What an access request's approver sees beside what is asked, end to end: the real poller sends
 * Ada's card through each platform's real notifier — Slack's Web API (a fake), Teams' Bot
 * Connector (a fake), the terminal — over the sandbox: what the person already has, which of
 * their groups give the application by default, how long it waited, how the application's
 * requests went, and the sensitive warning. A look-up that hangs does not hold the card: it is
 * sent, then completed by an edit; one that fails leaves its line out. A channel's card never
 * shows any of it, and hostile names stay text. No test waits on time: the card waits for its
 * look-ups until all have answered, or not at all, as the test says.
 */
import { randomUUID } from 'node:crypto';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Notifier } from '../../../src/core/notifier.ts';
import { parseNotifyRules } from '../../../src/poller/rules.ts';
import { users, workApps } from '../../../src/sandbox/seed.ts';
import type { Platform, Store } from '../../../src/store/store.ts';
import { cardsOf } from '../../fakes/bot-connector-cards.ts';
import { teamsKey, useTeams } from '../../fakes/bot-connector-harness.ts';
import { slackProblems, teamsCardProblems, terminalProblems } from '../../fakes/hostile-checks.ts';
import { allAtOnce, MARK } from '../../fakes/hostile-corpus.ts';
import type { Sandbox } from '../../fakes/sandbox-faults.ts';
import type { FakeSlack } from '../../fakes/slack-api.ts';
import { checkAllPayloads } from '../../fakes/slack-blockkit.ts';
import { useSlackBot } from '../../fakes/slack-harness.ts';
import {
  approverPoller,
  decidingBot,
  GateClock,
  hostileRequest,
  openRequest,
} from '../../helpers/decide-world.ts';
import { clientFor, useSandbox } from '../../helpers/sandbox.ts';
import { openTerminalChat, type TerminalChat } from '../../helpers/terminal-chat.ts';
import { audit } from '../../store/contract.ts';

type Started = Awaited<ReturnType<typeof approverPoller>>;

/** One platform as Ada's cards reach her there. */
interface ApproverChat {
  sandbox(): Sandbox;
  /** The bot's store, where the decisions counted on the cards are. */
  botStore(): Store;
  /** A poller sending Ada's cards here (and to `C-OPS` on Slack, by `rules`). */
  start(clock: GateClock, rules?: string): Promise<Started>;
  /** The card first sent about the task, as the platform got it. */
  sent(taskId: string): Promise<string>;
  /** The card's edits so far. */
  edits(taskId: string): string[];
  /** Resolves with the first edit of the card that shows `text`. */
  editShowing(taskId: string, text: string): Promise<string>;
  /** What carries data live in the messages about the task (empty when nothing does). */
  problems(taskId: string): string[];
}

const about = (text: string) => (payload: unknown) =>
  payload !== undefined && JSON.stringify(payload).includes(text);

function wire(
  chat: Pick<ApproverChat, 'sandbox' | 'botStore'>,
  clock: GateClock,
  to: { notifier: Notifier; link: { platform: Platform; chatUserId: string } },
  rules?: string,
) {
  const client = clientFor(chat.sandbox());
  const parsed = rules ? parseNotifyRules(rules) : undefined;
  return approverPoller({ client, botStore: chat.botStore(), clock, rules: parsed, ...to });
}

function slackChat(): ApproverChat & { fake(): FakeSlack } {
  const slack = useSlackBot();
  const fake = () => slack.fake;
  const posts = (taskId: string) =>
    fake()
      .callsOf('chat.postMessage')
      .filter((c) => !c.args.thread_ts && about(taskId)(c.args.blocks));
  const edits = (taskId: string) =>
    fake()
      .callsOf('chat.update')
      .filter((c) => about(taskId)(c.args.blocks));
  const chat = { sandbox: () => slack.sandbox.current, botStore: () => slack.bot.store };
  afterEach(() => {
    checkAllPayloads(fake());
  });
  return {
    ...chat,
    fake,
    start: (clock, rules) =>
      wire(
        chat,
        clock,
        {
          notifier: slack.bot.served.adapters[0]!.notifier,
          link: { platform: 'slack', chatUserId: 'U-ADA' },
        },
        rules,
      ),
    sent: async (taskId) =>
      JSON.stringify((await fake().waitFor(() => posts(taskId)[0])).args.blocks),
    edits: (taskId) => edits(taskId).map((c) => JSON.stringify(c.args.blocks)),
    editShowing: async (taskId, text) => {
      const edit = await fake().waitFor(() => edits(taskId).find((c) => about(text)(c.args)));
      return JSON.stringify(edit.args.blocks);
    },
    problems: (taskId) =>
      [...posts(taskId), ...edits(taskId)].flatMap((c) =>
        slackProblems(c.args as { text: string; blocks: unknown[] }),
      ),
  };
}

function teamsChat(): ApproverChat {
  const t = useTeams();
  const calls = (taskId: string, ops: string[]) =>
    t.h.connector.calls.filter((c) => ops.includes(c.op) && about(taskId)(c.activity));
  const chat = { sandbox: () => t.sandbox.current, botStore: () => t.h.store };
  beforeAll(async () => {
    await t.h.post(t.h.activities.installation('ada'));
  });
  return {
    ...chat,
    start: (clock, rules) =>
      wire(
        chat,
        clock,
        { notifier: t.h.teams.notifier, link: { platform: 'teams', chatUserId: teamsKey('ada') } },
        rules,
      ),
    sent: async (taskId) =>
      JSON.stringify(
        (await t.h.connector.waitFor(() => calls(taskId, ['send', 'reply'])[0])).activity,
      ),
    edits: (taskId) => calls(taskId, ['update']).map((c) => JSON.stringify(c.activity)),
    editShowing: async (taskId, text) => {
      const edit = await t.h.connector.waitFor(() =>
        calls(taskId, ['update']).find((c) => about(text)(c.activity)),
      );
      return JSON.stringify(edit.activity);
    },
    problems: (taskId) =>
      calls(taskId, ['send', 'reply', 'update']).flatMap((c) =>
        cardsOf(c.activity!).flatMap((card) => teamsCardProblems(card as Record<string, unknown>)),
      ),
  };
}

function terminalChat(): ApproverChat {
  const sandbox = useSandbox({ pageSize: 2 });
  let chat: TerminalChat | undefined;
  let store: Store | undefined;
  let from = 0;
  // What the terminal printed about the task since the chat opened: one reply a paragraph.
  const printed = (seen: string, taskId: string) =>
    seen.slice(from).split('\n\n').filter(about(taskId));
  const shown = (probe: (paragraphs: string[]) => string | undefined) =>
    chat!.waitFor((seen) => probe(printed(seen, '')));
  afterEach(async () => {
    await chat?.stop();
    await store?.close();
    chat = undefined;
  });
  const self: ApproverChat = {
    sandbox: () => sandbox.current,
    botStore: () => store!,
    async start(clock, rules) {
      const deciding = await decidingBot(clientFor(sandbox.current));
      store = deciding.store;
      const started = Promise.withResolvers<Started>();
      chat = await openTerminalChat({
        bot: deciding.bot,
        email: users.ada.email,
        startNotifications: async (notifier) => {
          const link = { platform: 'shell' as const, chatUserId: users.ada.email };
          const poller = await wire(self, clock, { notifier, link }, rules);
          started.resolve(poller);
          return poller;
        },
      });
      from = chat.seen().length;
      return started.promise;
    },
    sent: (taskId) => shown(() => printed(chat!.seen(), taskId)[0]),
    edits: (taskId) => printed(chat?.seen() ?? '', taskId).slice(1),
    editShowing: (taskId, text) =>
      shown(() => printed(chat!.seen(), taskId).slice(1).find(about(text))),
    problems: (taskId) =>
      printed(chat?.seen() ?? '', taskId).flatMap((text) => terminalProblems(text, false)),
  };
  return self;
}

const platforms: Array<[string, () => ApproverChat]> = [
  ['Slack', slackChat],
  ['Teams', teamsChat],
  ['the terminal', terminalChat],
];

describe.each(platforms)('an approver’s card on %s', (_name, make) => {
  const chat = make();
  const clock = new GateClock();
  let running: Started | undefined;
  const start = async (rules?: string) => {
    running = await chat.start(clock, rules);
    return running;
  };
  const accesses = (path: string) => path === `/WorkApps/${workApps.aws.id}/Accesses`;

  afterEach(async () => {
    chat.sandbox().faults.reset();
    clock.patient = true;
    await running?.stop();
    running = undefined;
  });

  it('shows what the person already has, their groups’ defaults, the wait, recent requests and the sensitive warning', async () => {
    const running = await start();
    const decided = { appId: workApps.aws.id, taskType: 'AccessRequest', at: clock.now() };
    for (const outcome of ['approved', 'approved', 'declined'] as const) {
      await chat.botStore().appendAudit(audit({ ...decided, outcome }));
    }
    // Dennis holds PowerUser on the AWS Console, which his Engineering group gives by default.
    const taskId = openRequest(chat.sandbox(), 'dennis', 'aws', 'administrator');
    await running.sweep();
    const card = await chat.sent(taskId);
    for (const line of [
      'Already has',
      'PowerUser',
      'By default in',
      'Engineering',
      'Waiting',
      '2 approved, 1 declined in 30 days',
      'Sensitive application: approving asks you to confirm',
    ]) {
      expect(card, line).toContain(line);
    }
    expect(chat.edits(taskId)).toEqual([]);
  });

  it('sends the card while a look-up hangs, then completes it by an edit once it answers', async () => {
    const running = await start();
    const held = chat.sandbox().faults.hold((method, path) => method === 'GET' && accesses(path));
    const taskId = openRequest(chat.sandbox(), 'grace', 'aws', 'readOnly');
    clock.patient = false;
    await running.sweep();
    const card = await chat.sent(taskId);
    expect(card).toContain('Access request: AWS Console (ReadOnly)');
    expect(card).not.toContain('Already has');
    expect(chat.edits(taskId)).toEqual([]);
    held.release();
    const edited = await chat.editShowing(taskId, 'Already has');
    expect(edited).toContain('nothing yet');
    expect(edited).toContain('Sensitive application');
    expect(edited).toContain('Access request: AWS Console (ReadOnly)');
  });

  it('sends the card without the line whose look-up fails, and edits nothing', async () => {
    const running = await start();
    chat.sandbox().faults.failWhere((method, path) => method === 'GET' && accesses(path));
    const taskId = openRequest(chat.sandbox(), 'barbara', 'aws', 'readOnly');
    await running.sweep();
    const card = await chat.sent(taskId);
    expect(card).not.toContain('Already has');
    expect(card).toContain('By default in');
    expect(card).toContain('Sensitive application');
    await running.stop();
    expect(chat.edits(taskId)).toEqual([]);
  });

  it('keeps hostile application, level, person and group names as text', async () => {
    const running = await start();
    const taskId = hostileRequest(chat.sandbox(), allAtOnce, allAtOnce);
    const { state } = chat.sandbox();
    const { target } = state.task(taskId);
    const other = { id: randomUUID(), name: `${allAtOnce} held`, description: MARK };
    state.workApp(target.workAppId!).levels.set(other.id, { record: other, policyIds: new Map() });
    state.addGroup(
      { id: randomUUID(), name: `${allAtOnce} group`, description: MARK },
      { memberIds: [target.userId!], defaultWorkAppIds: [target.workAppId!] },
    );
    state.grantAccess({
      workAppId: target.workAppId!,
      userId: target.userId!,
      permissionLevelId: other.id,
    });
    await running.sweep();
    const card = await chat.sent(taskId);
    expect(card).toContain('Already has');
    expect(card).toContain('By default in');
    expect(card).toContain('Sensitive application');
    expect(card).toContain(MARK);
    expect(chat.problems(taskId)).toEqual([]);
  });
});

describe('a channel’s card', () => {
  const chat = slackChat();
  const clock = new GateClock();

  it('shows none of it, even with "details": "full"', async () => {
    const rules = JSON.stringify({
      channels: [
        { platform: 'slack', channelId: 'C-OPS', workApps: ['AWS Console'], details: 'full' },
      ],
    });
    const running = await chat.start(clock, rules);
    try {
      const taskId = openRequest(chat.sandbox(), 'grace', 'aws', 'powerUser');
      await running.sweep();
      expect(await chat.sent(taskId)).toContain('Already has');
      const fake = chat.fake();
      const posted = await fake.waitFor(() =>
        fake
          .callsOf('chat.postMessage')
          .find((c) => c.args.channel === 'C-OPS' && about(taskId)(c.args.blocks)),
      );
      const card = JSON.stringify(posted.args.blocks);
      expect(card).toContain('for the on-call rota');
      for (const line of ['Already has', 'By default in', 'Waiting', 'Recent requests']) {
        expect(card).not.toContain(line);
      }
      expect(card).not.toContain('Sensitive application');
    } finally {
      await running.stop();
    }
  });
});
