/**
 * POLL_MAX_RPS is the deployment's budget (pace.ts): two replicas on one PostgreSQL, each at the
 * share it takes after its heartbeat, stay within it together as the Access Service counts their
 * requests, and a replica alone paces at all of it.
 *
 * Time is the test's. The pace keeps time by `Date` and timers, here fake; the sandbox stamps each
 * request by the same `Date`; and the time moves on only once every replica is done sweeping or
 * waits for its next turn, and every request let through has arrived. So a second's count holds
 * the requests started in that second, however slow the machine or the database.
 */
import { setImmediate as nextTurnOfLoop } from 'node:timers/promises';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { pacePollerRequests } from '../../src/poller/pace.ts';
import { users, workApps } from '../../src/sandbox/seed.ts';
import { type Sandbox, type SandboxRequest, startSandbox } from '../fakes/sandbox-faults.ts';
import { usePostgresStores } from '../helpers/postgres.ts';
import { clientFor } from '../helpers/sandbox.ts';
import { FakeClock, INTERVAL_MS, link, RecordingNotifier, testPoller } from './fakes.ts';

const BUDGET = 10;
/** What one replica alone starts in a second: 5 % under the budget, rounded down (pace.ts). */
const ALONE = Math.floor(BUDGET * 0.95);
const everyone = Object.keys(users) as Array<keyof typeof users>;

/** The most of `times` (ms) within any one second. */
const busiestSecond = (times: number[]) =>
  Math.max(0, ...times.map((t) => times.filter((u) => u >= t && u < t + 1_000).length));

describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'POLL_MAX_RPS shared by the replicas on one PostgreSQL (TEST_DATABASE_URL)',
  () => {
    const pg = usePostgresStores('accessbot_budget', 2);
    let sandbox: Sandbox;
    let clock: FakeClock;
    let arrivals: SandboxRequest[];
    const waiters = new Set<() => void>();
    const changed = () => {
      for (const wake of waiters) wake();
      waiters.clear();
    };

    beforeEach(async () => {
      arrivals = [];
      clock = new FakeClock();
      // A page a task: enough requests to fill seconds at the budget.
      sandbox = await startSandbox({
        pageSize: 1,
        arrived: (request) => {
          arrivals.push(request);
          changed();
        },
      });
      for (const person of everyone) {
        const { github } = workApps;
        sandbox.state.createAccessRequest({
          workAppId: github.id,
          userId: users[person].id,
          permissionLevelId: github.levels.read.id,
        });
      }
    });
    afterEach(async () => {
      vi.useRealTimers();
      await sandbox.close();
    });

    /** Replica `n`, on store `n`: its client tells when the poller asks for a turn and gets it. */
    function replica(n: number) {
      const turns = { asked: 0, granted: [] as number[], swept: false };
      const client = clientFor(sandbox, {
        pace: () => {
          const turn = pacePollerRequests();
          if (!turn) return undefined;
          turns.asked++;
          changed();
          return turn.then(() => {
            turns.granted.push(Date.now());
            changed();
          });
        },
      });
      const { poller } = testPoller({
        client,
        store: pg.stores[n]!,
        notifiers: [new RecordingNotifier('slack')],
        clock,
        owner: `replica-${n}`,
        // One request at a time: a replica waiting for a turn has nothing else in flight.
        concurrency: 1,
        maxRps: BUDGET,
        // Alive for the whole test, though its clock jumps an interval.
        deadAfterMs: 10 * INTERVAL_MS,
      });
      return { poller, turns };
    }
    type Replica = ReturnType<typeof replica>;

    /** Resolves once `ready()` holds after the promise jobs queued now (a turn given at once). */
    async function until(ready: () => boolean): Promise<void> {
      for (;;) {
        const next = new Promise<void>((wake) => waiters.add(wake));
        await nextTurnOfLoop();
        if (ready()) return;
        await next;
      }
    }

    /** Sweeps `replicas` at once, moving the time on only while none of them can send now. */
    async function sweepTogether(replicas: Replica[]) {
      const sweeps = replicas.map((r) =>
        r.poller.sweep().finally(() => {
          r.turns.swept = true;
          changed();
        }),
      );
      const granted = () => replicas.reduce((n, r) => n + r.turns.granted.length, 0);
      const stuck = () =>
        replicas.every((r) => r.turns.swept || r.turns.asked > r.turns.granted.length) &&
        arrivals.length === granted();
      for (;;) {
        await until(stuck);
        if (replicas.every((r) => r.turns.swept)) return Promise.all(sweeps);
        if (!vi.getTimerCount()) throw new Error('a replica waits for a turn, and no timer is set');
        await vi.advanceTimersToNextTimerAsync();
      }
    }

    /** Everyone linked and due; `replicas` sweep them together. */
    async function everyoneDue(replicas: Replica[]) {
      await link(pg.stores[0]!, everyone);
      await replicas[0]!.poller.refresh();
      clock.advance(INTERVAL_MS);
      return sweepTogether(replicas);
    }

    it('lets a replica alone take the whole budget', async () => {
      vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'] });
      const alone = replica(0);
      const [report] = await everyoneDue([alone]);

      expect(report!.polled).toHaveLength(everyone.length);
      expect(arrivals.length).toBeGreaterThan(3 * BUDGET);
      expect(busiestSecond(arrivals.map((r) => r.at))).toBe(ALONE);
    });

    it('keeps two replicas within the budget together, each at half of it', async () => {
      vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'] });
      const pair = [replica(0), replica(1)];
      // A heartbeat each, nobody linked yet: a sweep begins with one, and the count of the
      // replicas alive after it. The first counts itself alone until its next.
      for (const r of pair) await r.poller.sweep();
      const reports = await everyoneDue(pair);

      for (const report of reports) expect(report.polled.length).toBeGreaterThan(0);
      expect(reports.flatMap((r) => r.polled).sort()).toEqual(
        everyone.map((p) => users[p].id).sort(),
      );
      // The service counted both replicas' requests, every one of them.
      expect(arrivals).toHaveLength(pair[0]!.turns.granted.length + pair[1]!.turns.granted.length);
      // Not a token bucket: no burst past the budget in any second, even across a second's edge
      // (the pace counts starts in a sliding window), and the time here has none of the jitter
      // the 5 % under it is kept for.
      const together = busiestSecond(arrivals.map((r) => r.at));
      expect(together).toBeLessThanOrEqual(BUDGET);
      // More than a replica's share: both were sending in that second.
      expect(together).toBeGreaterThan(BUDGET / 2);
      for (const { turns } of pair)
        expect(busiestSecond(turns.granted)).toBeLessThanOrEqual(BUDGET / 2);
    });
  },
);
