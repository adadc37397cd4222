/**
 * No decision without its audit entry: a decision is kept (outcome `started`) before it is sent
 * to the Access Service and completed with its outcome after. When the store cannot keep it,
 * nothing is sent and the person is told to try again; when the completion fails, the entry
 * stays `started` — history says the answer was not recorded — and the failure is logged and
 * counted for an operator's alert. Hostile text (a NUL in the reason) is kept on PostgreSQL as on
 * SQLite. Real bot, real sandbox over HTTP, real stores.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AccessBot } from '../../../src/core/bot.ts';
import type { ChatActor } from '../../../src/core/identity.ts';
import { createMetrics } from '../../../src/metrics.ts';
import { users } from '../../../src/sandbox/seed.ts';
import { StoreError } from '../../../src/store/errors.ts';
import { openStore } from '../../../src/store/open.ts';
import type { Store } from '../../../src/store/store.ts';
import { openGithubTask } from '../../fakes/bot-connector-harness.ts';
import { captureLog } from '../../helpers/bot.ts';
import { usePostgresStores } from '../../helpers/postgres.ts';
import { useSandbox } from '../../helpers/sandbox.ts';
import { cardOf, FakeClock, nextSweep, RecordingNotifier, testPoller } from '../../poller/fakes.ts';

const sandbox = useSandbox();
const ada: ChatActor = {
  platform: 'slack',
  chatUserId: 'U-ADA',
  email: async () => users.ada.email,
};

/** The store with the named calls failing as a lost database does, while `failing` holds them. */
function breakable(real: Store) {
  const failing = new Set<string>();
  const store = new Proxy(real, {
    get(target, name, receiver) {
      const value = Reflect.get(target, name, receiver);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) =>
        failing.has(String(name))
          ? Promise.reject(new StoreError('STORE_QUERY_FAILED', `${String(name)} failed`))
          : value.apply(target, args);
    },
  });
  return { store, failing };
}

function deciding(real: Store) {
  const { store, failing } = breakable(real);
  const metrics = createMetrics();
  const { log, lines } = captureLog();
  const bot = new AccessBot({
    client: sandbox.client,
    store,
    log,
    pendingStatus: 'Pending',
    metrics,
  });
  const say = async (text: string) => JSON.stringify(await bot.handle(ada, text, {}));
  const failures = async () =>
    (await metrics.auditWriteFailures.get()).values.find((v) => v.labels.entry === 'decision')
      ?.value ?? 0;
  return { bot, store: real, failing, say, failures, logLines: lines };
}

const statusOf = (taskId: string) => sandbox.current.state.task(taskId).status;
const decisions = () =>
  sandbox.current.requests.filter((r) => /\/Tasks\/[^/]+\/(Approve|Decline)$/.test(r.path));

describe('a decision and its audit entry (SQLite)', () => {
  let store: Store;
  afterEach(() => store.close());
  const open = async () => {
    store = await openStore('sqlite::memory:');
    return deciding(store);
  };

  it('keeps one entry per decision, completed with its outcome', async () => {
    const t = await open();
    const taskId = openGithubTask(sandbox.current);
    expect(await t.say(`decline ${taskId.slice(0, 8)} -- not this quarter`)).toContain(
      'You declined',
    );
    const entries = await t.store.listAudit({ taskId });
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ outcome: 'declined', reason: 'not this quarter' });
  });

  it('sends nothing when the store cannot keep the decision, and says so', async () => {
    const t = await open();
    const taskId = openGithubTask(sandbox.current);
    const sent = decisions().length;
    t.failing.add('appendAudit');
    const said = await t.say(`approve ${taskId.slice(0, 8)}`);
    expect(said).toContain("I can't serve right now");
    expect(said).not.toContain('You approved');
    expect(decisions()).toHaveLength(sent);
    expect(statusOf(taskId)).toBe('Pending');
    expect(await t.failures()).toBeGreaterThanOrEqual(1);
    expect(t.logLines.join('')).toContain('audit write failed');
    t.failing.clear();
    // Once the store is back, the same click decides.
    expect(await t.say(`approve ${taskId.slice(0, 8)}`)).toContain('You approved');
    expect(statusOf(taskId)).toBe('Approved');
  });

  it('leaves the decision as started when its outcome cannot be written, and counts it', async () => {
    const t = await open();
    const taskId = openGithubTask(sandbox.current);
    t.failing.add('completeDecision');
    expect(await t.say(`decline ${taskId.slice(0, 8)} -- no`)).toContain('You declined');
    expect(statusOf(taskId)).toBe('Declined');
    expect(await t.failures()).toBe(1);
    expect(t.logLines.join('')).toContain('audit write failed');
    const [entry] = await t.store.listAudit({ taskId });
    expect(entry).toMatchObject({ action: 'decline', outcome: 'started', reason: 'no' });
    t.failing.clear();
    const history = await t.say('history');
    expect(history).toContain('Decline started, its outcome not recorded');
  });
});

describe('a decision whose answer was not recorded, completed by the poller', () => {
  let store: Store;
  let stop: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await stop?.();
    await store.close();
  });

  /** Ada's GitHub task, its card sent, approved with the entry left `started`. */
  async function leftStarted() {
    store = await openStore('sqlite::memory:');
    const t = deciding(store);
    const clock = new FakeClock();
    const slack = new RecordingNotifier('slack');
    const polled = breakable(store);
    const { poller } = testPoller({
      client: sandbox.client,
      store: polled.store,
      notifiers: [slack],
      clock,
    });
    stop = () => poller.stop();
    expect(await t.say('tasks')).toContain('GitHub');
    const taskId = openGithubTask(sandbox.current);
    await nextSweep(poller, clock);
    expect(slack.posts.some((p) => cardOf(p.message)?.taskId === taskId)).toBe(true);
    t.failing.add('completeDecision');
    expect(await t.say(`approve ${taskId.slice(0, 8)}`)).toContain('You approved');
    t.failing.clear();
    const outcome = async () => (await store.listAudit({ taskId, actions: ['approve'] }))[0];
    expect((await outcome())?.outcome).toBe('started');
    return { t, taskId, slack, polled, outcome, sweep: () => nextSweep(poller, clock) };
  }

  it('completes it from the task once the approver’s message is resolved', async () => {
    const { t, taskId, sweep } = await leftStarted();
    await sweep();
    const entries = await store.listAudit({ taskId });
    expect(entries.map((e) => [e.action, e.outcome])).toEqual([
      ['approve', 'approved'],
      ['notify', 'queued'],
    ]);
    expect(await t.say('history')).not.toContain('outcome not recorded');
  });

  it('leaves the card to the next poll when it cannot complete it, and edits it once then', async () => {
    const { taskId, slack, polled, outcome, sweep } = await leftStarted();
    polled.failing.add('completeDecision');
    await sweep();
    expect((await outcome())?.outcome).toBe('started');
    expect(slack.updates).toEqual([]);
    const [card] = await store.listNotifications({ taskIds: [taskId] });
    expect(card?.resolvedAt).toBeNull();

    polled.failing.clear();
    await sweep();
    expect((await outcome())?.outcome).toBe('approved');
    expect(slack.updates).toHaveLength(1);
    expect(await store.listAudit({ taskId, actions: ['decided_elsewhere'] })).toEqual([]);
  });
});

describe('a decision whose card the poller edits: the entry completed with the card’s record', () => {
  let store: Store;
  afterEach(() => store.close());

  /** Ada's GitHub task, its card sent; the bot decides through the poller's outbox. */
  async function withCard() {
    store = await openStore('sqlite::memory:');
    const { store: shaky, failing } = breakable(store);
    const clock = new FakeClock();
    const slack = new RecordingNotifier('slack');
    const { poller } = testPoller({
      client: sandbox.client,
      store: shaky,
      notifiers: [slack],
      clock,
    });
    const { log } = captureLog();
    const bot = new AccessBot({
      client: sandbox.client,
      store: shaky,
      log,
      pendingStatus: 'Pending',
      approvers: poller.approvers,
    });
    const say = async (text: string) => JSON.stringify(await bot.handle(ada, text, {}));
    await say('tasks');
    const taskId = openGithubTask(sandbox.current);
    await nextSweep(poller, clock);
    const [card] = await store.listNotifications({ taskIds: [taskId] });
    if (!card?.messageRef) throw new Error('no card for Ada');
    const settled = async () => {
      const [after] = await store.listNotifications({ taskIds: [taskId] });
      return [Boolean(after?.resolvedAt), after?.intent];
    };
    /** Approves; resolves once the card is resolved with nothing left to do. */
    const approve = async () => {
      expect(await say(`approve ${taskId.slice(0, 8)}`)).toContain('You approved');
      await vi.waitFor(async () => expect(await settled()).toEqual([true, null]));
      await poller.stop();
    };
    const decisions = async () =>
      (await store.listAudit({ taskId, actions: ['approve'] })).map((e) => e.outcome);
    return { slack, failing, card, approve, decisions, settled };
  }

  it('edits the card once and completes the entry with it', async () => {
    const t = await withCard();
    await t.approve();
    expect(t.slack.updates).toHaveLength(1);
    expect(await t.decisions()).toEqual(['approved']);
    expect(await t.settled()).toEqual([true, null]);
  });

  it('completes the entry once and edits the card again when it was written to meanwhile', async () => {
    const t = await withCard();
    const update = t.slack.update.bind(t.slack);
    let first = true;
    // Another replica's refresh of the card starts and ends while the decider's edit is made.
    t.slack.update = async (ref, message) => {
      if (first) {
        first = false;
        await store.refreshNotification(
          t.card,
          { message: { text: 'refreshed' } },
          'b',
          new Date(),
        );
        const seq = (await store.listNotifications({ taskIds: [t.card.taskId] }))[0]!.intentSeq;
        await store.completeIntent(t.card, 'b', seq, 'done', new Date());
      }
      return update(ref, message);
    };
    await t.approve();
    expect(t.slack.updates).toHaveLength(2);
    expect(t.slack.updates[0]!.message).toEqual(t.slack.updates[1]!.message);
    expect(await t.decisions()).toEqual(['approved']);
    expect(await t.settled()).toEqual([true, null]);
  });

  it('completes the entry on its own, and the outbox edits the card, when the record fails', async () => {
    const t = await withCard();
    t.failing.add('settleEdited');
    await t.approve();
    expect(t.slack.updates).toHaveLength(2);
    expect(await t.decisions()).toEqual(['approved']);
    expect(await t.settled()).toEqual([true, null]);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'a decision and its audit entry (PostgreSQL)',
  () => {
    const pg = usePostgresStores('accessbot_intent', 1);

    it('keeps a decline whose reason carries a NUL, and history shows it', async () => {
      const t = deciding(pg.stores[0]!);
      const taskId = openGithubTask(sandbox.current);
      expect(await t.say(`decline ${taskId.slice(0, 8)} -- not now\u0000hidden`)).toContain(
        'You declined',
      );
      expect(statusOf(taskId)).toBe('Declined');
      const [entry] = await t.store.listAudit({ taskId });
      expect(entry).toMatchObject({ outcome: 'declined', reason: 'not now\uFFFDhidden' });
      expect(await t.say('history')).toContain('not now\uFFFDhidden');
      expect(await t.failures()).toBe(0);
    });
  },
);
