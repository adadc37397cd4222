/**
 * How often each person is polled, on a fake clock: by what happens to them without webhooks
 * (active at the interval, quiet at the slow cadence), everyone at the safety sweep while
 * deliveries arrive, full cadence again when they fall silent or one is found missing.
 */
import { describe, expect, it } from 'vitest';
import type { AccessClient } from '../../src/access/client.ts';
import type { PollerMetrics } from '../../src/poller/metrics.ts';
import type { Poller } from '../../src/poller/poller.ts';
import { users, workApps } from '../../src/sandbox/seed.ts';
import type { Store } from '../../src/store/store.ts';
import { cardOf, INTERVAL_MS, link, nextSweep, usePollerWorld } from './fakes.ts';

const MINUTE = 60_000;
const QUIET = 15 * MINUTE;
const WEBHOOKS = {
  silenceMs: 120 * MINUTE,
  safetySweepMs: 30 * MINUTE,
  deliveredWithinMs: 5 * MINUTE,
};
const people = ['ada', 'margaret', 'grace', 'tim'] as const;
const id = (person: keyof typeof users) => users[person].id;
/** Ada and Margaret have pending tasks in the seed; Grace and Tim have none. */
const ACTIVE = [id('ada'), id('margaret')].sort();

const w = usePollerWorld({ sandboxOnClock: true });

/** Sweeps once an interval for `ms`, and counts each person's polls. */
async function pollsOver(poller: Poller, ms: number): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (let t = 0; t < ms; t += INTERVAL_MS) {
    for (const user of (await nextSweep(poller, w.clock)).polled) {
      counts[user] = (counts[user] ?? 0) + 1;
    }
  }
  return counts;
}

async function webhookState(metrics: PollerMetrics): Promise<string | undefined> {
  const { values } = await metrics.webhookState.get();
  return values.find((v) => v.value === 1)?.labels.state as string | undefined;
}

async function requestsBy(metrics: PollerMetrics): Promise<Record<string, number>> {
  const { values } = await metrics.accessRequests.get();
  return Object.fromEntries(values.map((v) => [`${v.labels.cadence}/${v.labels.reason}`, v.value]));
}

describe('without webhooks', () => {
  it('polls people with tasks every interval and everyone else every quiet interval', async () => {
    await link(w.store, [...people]);
    const { poller, metrics } = w.poller({ quietIntervalMs: QUIET });
    expect((await nextSweep(poller, w.clock)).polled).toHaveLength(4);
    const counts = await pollsOver(poller, QUIET);
    expect(counts).toEqual({
      [id('ada')]: 15,
      [id('margaret')]: 15,
      [id('grace')]: 1,
      [id('tim')]: 1,
    });
    expect(await webhookState(metrics)).toBe('off');
    const requests = await requestsBy(metrics);
    expect(requests['active/new']).toBe(4);
    expect(requests['quiet/sweep']).toBe(2);
    expect(requests['active/sweep']).toBeGreaterThanOrEqual(30);
  });

  it('brings a quiet person’s first task within the quiet interval, then polls them every interval', async () => {
    await link(w.store, [...people]);
    const { poller } = w.poller({ quietIntervalMs: QUIET });
    await nextSweep(poller, w.clock);
    // Tim is one of Figma's approvers: Grace's request gives him his first task.
    w.sandbox.state.createAccessRequest({
      workAppId: workApps.figma.id,
      userId: users.grace.id,
      permissionLevelId: workApps.figma.levels.viewer.id,
    });
    const [task] = w.sandbox.state.tasksFor(id('tim'), 'Pending');
    expect(task).toBeDefined();
    const first = await pollsOver(poller, QUIET);
    expect(w.slack.dmTasks('U-tim')).toEqual([task!.id]);
    expect(first[id('tim')]).toBe(1);
    const after = await pollsOver(poller, 5 * MINUTE);
    expect(after[id('tim')]).toBe(5);
    expect(after[id('grace')]).toBeUndefined();
  });

  it('polls a requester at once when they make a request, and every interval while it is open', async () => {
    await link(w.store, [...people]);
    const { poller, metrics } = w.poller({ quietIntervalMs: QUIET });
    await nextSweep(poller, w.clock);
    await w.store.recordRequest({
      accessId: 'access-of-grace',
      accessUserId: id('grace'),
      workAppId: workApps.figma.id,
      taskIds: [],
      requestedAt: w.clock.now(),
    });
    const counts = await pollsOver(poller, 5 * MINUTE);
    expect(counts[id('grace')]).toBe(5);
    expect(counts[id('tim')]).toBeUndefined();
    // Its poll asked for her tasks and for the request's outcome.
    expect((await requestsBy(metrics))['active/chat']).toBeGreaterThan(1);
  });

  it('counts an active person’s interval from when their list was read, however long the poll took', async () => {
    await link(w.store, ['ada']);
    // Every list is answered 20 s after it was asked for.
    const client = new Proxy(w.client, {
      get(target, name) {
        const value = Reflect.get(target, name);
        if (name !== 'listTasks') return typeof value === 'function' ? value.bind(target) : value;
        return (...args: Parameters<AccessClient['listTasks']>) =>
          (async function* () {
            const tasks = await Array.fromAsync(target.listTasks(...args));
            w.clock.advance(20_000);
            yield* tasks;
          })();
      },
    }) as AccessClient;
    const { poller } = w.poller({ quietIntervalMs: QUIET, client });
    await nextSweep(poller, w.clock);
    const read = w.clock.now().getTime() - 20_000;
    // One interval after the read, not after the answer: a task created just after the read is
    // not a slow poll late.
    w.clock.advance(read + INTERVAL_MS - w.clock.now().getTime());
    expect((await poller.sweep()).polled).toEqual([id('ada')]);
  });

  it('reads an active person’s list again within the interval, after the loop’s rest and the sweep’s reach', async () => {
    await link(w.store, ['ada']);
    const { poller } = w.poller({ quietIntervalMs: QUIET });
    await nextSweep(poller, w.clock);
    const read = w.clock.now().getTime();
    // The loop rests up to a second between sweeps; a sweep beginning a second before the
    // interval is up must take her, so that reaching her in it does not make her late.
    const tick = 1_000;
    w.clock.advance(read + INTERVAL_MS - tick - 1 - w.clock.now().getTime());
    expect((await poller.sweep()).polled).toEqual([id('ada')]);
  });

  it('polls everyone again once the store recording their cadence comes back', async () => {
    await link(w.store, [...people]);
    let failing = true;
    const store = new Proxy(w.store, {
      get(target, name) {
        if (name === 'completePolls' && failing) {
          return async () => {
            failing = false;
            throw new Error('the store is down');
          };
        }
        const value = Reflect.get(target, name);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    }) as Store;
    const { poller, logLines } = w.poller({ quietIntervalMs: QUIET, store });
    expect((await nextSweep(poller, w.clock)).polled).toHaveLength(4);
    expect(logLines.some((l) => l.includes('could not reschedule polled users'))).toBe(true);
    // Their leases ran out: polled again, and their cadence is kept from then on.
    expect((await nextSweep(poller, w.clock)).polled.sort()).toEqual(people.map(id).sort());
    const counts = await pollsOver(poller, 5 * MINUTE);
    expect(Object.keys(counts).sort()).toEqual(ACTIVE);
    expect(w.slack.posts).toHaveLength(
      ACTIVE.flatMap((user) => w.sandbox.state.tasksFor(user, 'Pending')).length,
    );
  });
});

describe('with webhooks', () => {
  it('polls everyone at the safety sweep while deliveries arrive, and the people a delivery names at once', async () => {
    await link(w.store, [...people]);
    const { poller, metrics, logLines } = w.poller({ quietIntervalMs: QUIET, webhooks: WEBHOOKS });
    await poller.pollNow([]);
    expect((await nextSweep(poller, w.clock)).polled).toHaveLength(4);
    expect(await webhookState(metrics)).toBe('healthy');
    expect(logLines.filter((l) => l.includes('webhook deliveries arrive'))).toHaveLength(1);

    await poller.pollNow([id('grace')]);
    expect((await poller.sweep()).polled).toEqual([id('grace')]);
    const counts = await pollsOver(poller, 30 * MINUTE);
    expect(counts).toEqual(Object.fromEntries(people.map((p) => [id(p), 1])));
    expect(await requestsBy(metrics)).toMatchObject({ 'safety/webhook': 1, 'safety/sweep': 4 });
    expect(await webhookState(metrics)).toBe('healthy');
  });

  it('takes over at full cadence when deliveries stop, says so once, and slows down when they are back', async () => {
    await link(w.store, [...people]);
    const { poller, metrics, logLines } = w.poller({ quietIntervalMs: QUIET, webhooks: WEBHOOKS });
    await poller.pollNow([]);
    await nextSweep(poller, w.clock);
    await pollsOver(poller, 120 * MINUTE);
    expect(await webhookState(metrics)).toBe('silent');
    const silent = logLines.filter((l) => l.includes('no webhook delivery for'));
    expect(silent).toHaveLength(1);
    // Brought forward to their own cadence at once, not at their next safety poll.
    const counts = await pollsOver(poller, 2 * MINUTE);
    expect(Object.keys(counts).sort()).toEqual(ACTIVE);
    expect((await metrics.webhookChanges.get()).values).toEqual([
      expect.objectContaining({ labels: { to: 'silent' }, value: 1 }),
    ]);

    await poller.pollNow([]);
    await nextSweep(poller, w.clock);
    expect(await webhookState(metrics)).toBe('healthy');
    expect(logLines.filter((l) => l.includes('webhook deliveries arrive'))).toHaveLength(2);
    await pollsOver(poller, QUIET);
    // Each back on the safety sweep after their next poll.
    expect(await pollsOver(poller, 10 * MINUTE)).toEqual({});
  });

  it('follows a change of the webhook health in the middle of a long sweep', async () => {
    await link(w.store, [...people]);
    // Each lease takes a minute: a sweep long enough to outlast the deliveries' silence.
    const store = new Proxy(w.store, {
      get(target, name) {
        const value = Reflect.get(target, name);
        if (name !== 'claimDuePollUsers') {
          return typeof value === 'function' ? value.bind(target) : value;
        }
        return async (...args: Parameters<Store['claimDuePollUsers']>) => {
          const claimed = await target.claimDuePollUsers(...args);
          w.clock.advance(MINUTE);
          return claimed;
        };
      },
    }) as Store;
    const { poller, metrics, logLines } = w.poller({
      quietIntervalMs: QUIET,
      webhooks: WEBHOOKS,
      store,
      concurrency: 1,
    });
    await poller.pollNow([]);
    const delivered = w.clock.now().getTime();
    await nextSweep(poller, w.clock);
    expect(await webhookState(metrics)).toBe('healthy');
    // Everyone is due when a sweep begins a minute before the silence, two people a lease.
    w.clock.advance(delivered + WEBHOOKS.silenceMs - MINUTE - w.clock.now().getTime());
    await poller.sweep();
    // Said during the sweep, and nobody left at the safety sweep.
    expect(await webhookState(metrics)).toBe('silent');
    expect(logLines.filter((l) => l.includes('no webhook delivery for'))).toHaveLength(1);
    expect(await w.store.listPollCadences('safety', { limit: 10 })).toEqual([]);
    const counts = await pollsOver(poller, 2 * MINUTE);
    expect(Object.keys(counts).sort()).toEqual(ACTIVE);
  });

  it('takes over at once when a poll finds a task no delivery announced, and keeps polling for a silence period', async () => {
    await link(w.store, [...people]);
    const { poller, metrics, logLines } = w.poller({ quietIntervalMs: QUIET, webhooks: WEBHOOKS });
    await poller.pollNow([]);
    // The backlog a first poll finds is no sign of a missed delivery.
    await nextSweep(poller, w.clock);
    expect(await webhookState(metrics)).toBe('healthy');
    w.clock.advance(MINUTE);
    w.sandbox.state.createAccessRequest({
      workAppId: workApps.figma.id,
      userId: users.grace.id,
      permissionLevelId: workApps.figma.levels.viewer.id,
    });
    // Deliveries keep coming for others, none for Tim's task.
    for (let n = 0; n < 3; n++) {
      await poller.pollNow([id('ada')]);
      await pollsOver(poller, 10 * MINUTE);
    }
    expect(w.slack.dmTasks('U-tim')).toHaveLength(1);
    expect(await webhookState(metrics)).toBe('missed');
    expect(logLines.filter((l) => l.includes('a webhook delivery was missed'))).toHaveLength(1);
    const counts = await pollsOver(poller, 2 * MINUTE);
    expect(Object.keys(counts).sort()).toEqual([...ACTIVE, id('tim')].sort());
    // A delivery right after is not enough: webhooks that lose some deliveries stay distrusted.
    await poller.pollNow([]);
    w.clock.advance(60 * MINUTE);
    await poller.sweep();
    expect(await webhookState(metrics)).toBe('missed');
    w.clock.advance(60 * MINUTE);
    await poller.pollNow([]);
    await nextSweep(poller, w.clock);
    expect(await webhookState(metrics)).toBe('healthy');
  });

  it('does not count a task a delivery announced as missed', async () => {
    await link(w.store, [...people]);
    const { poller, metrics } = w.poller({ quietIntervalMs: QUIET, webhooks: WEBHOOKS });
    await poller.pollNow([]);
    await nextSweep(poller, w.clock);
    w.sandbox.state.createAccessRequest({
      workAppId: workApps.figma.id,
      userId: users.grace.id,
      permissionLevelId: workApps.figma.levels.viewer.id,
    });
    w.clock.advance(10 * MINUTE);
    await poller.pollNow([id('tim'), id('margaret')]);
    await poller.sweep();
    expect(w.slack.dmTasks('U-tim')).toHaveLength(1);
    await pollsOver(poller, 30 * MINUTE);
    expect(await webhookState(metrics)).toBe('healthy');
  });

  it('keeps a reminder’s timing at the safety sweep: the poll comes forward to it', async () => {
    await link(w.store, ['alan']);
    const { poller } = w.poller({
      quietIntervalMs: QUIET,
      webhooks: WEBHOOKS,
      remindAfterMs: 45 * MINUTE,
    });
    await poller.pollNow([]);
    await nextSweep(poller, w.clock);
    expect(w.slack.posts).toHaveLength(1);
    const counts = await pollsOver(poller, 46 * MINUTE);
    expect(w.slack.followUps).toHaveLength(1);
    expect(cardOf(w.slack.updates[0]!.message)?.taskId).toBe(
      cardOf(w.slack.posts[0]!.message)?.taskId,
    );
    // The safety poll and the reminder's, no more.
    expect(counts[users.alan.id]).toBe(2);
  });
});
