/**
 * Several replicas on one PostgreSQL and one Access Service: every task is notified exactly once,
 * the polling is split between them, and a replica that stops (cleanly or not) has its users
 * taken over within one interval.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { users, workApps } from '../../src/sandbox/seed.ts';
import type { Store } from '../../src/store/store.ts';
import { type Sandbox, startSandbox } from '../fakes/sandbox-faults.ts';
import { usePostgresStores } from '../helpers/postgres.ts';
import { reviewsOfAda } from '../helpers/reviews.ts';
import { clientFor } from '../helpers/sandbox.ts';
import { cardOf, FakeClock, INTERVAL_MS, link, RecordingNotifier, testPoller } from './fakes.ts';

const databaseUrl = process.env.TEST_DATABASE_URL;
const everyone = Object.keys(users) as Array<keyof typeof users>;

describe.skipIf(databaseUrl === undefined)(
  'two replicas on one PostgreSQL (TEST_DATABASE_URL)',
  () => {
    const pgStores = usePostgresStores('accessbot_replicas', 2);
    let stores: Store[];
    let sandbox: Sandbox;
    let clock: FakeClock;

    beforeEach(async () => {
      stores = pgStores.stores;
      sandbox = await startSandbox({ pageSize: 2 });
      // Enough latency that both replicas are busy at the same time.
      sandbox.faults.latency(5);
      clock = new FakeClock();
    });
    afterEach(async () => {
      await sandbox.close();
    });

    function replicas() {
      return stores.map((store, n) => {
        const notifier = new RecordingNotifier('slack');
        const owner = `replica-${n}`;
        const { poller } = testPoller({
          client: clientFor(sandbox),
          store,
          notifiers: [notifier],
          clock,
          owner,
          concurrency: 2,
        });
        return { poller, notifier };
      });
    }

    const sentTasks = (...notifiers: RecordingNotifier[]) =>
      notifiers.flatMap((n) =>
        n.posts.map((p) => `${cardOf(p.message)?.taskId} → ${JSON.stringify(p.to)}`),
      );

    it('notifies every task exactly once and splits the users between the replicas', async () => {
      await link(stores[0]!, everyone);
      const [a, b] = replicas();
      // Grace's new request adds two more tasks, each for a different approver.
      sandbox.state.createAccessRequest({
        workAppId: workApps.github.id,
        userId: users.grace.id,
        permissionLevelId: workApps.github.levels.read.id,
      });
      await Promise.all([a!.poller.refresh(), b!.poller.refresh()]);
      clock.advance(INTERVAL_MS);
      const [fromA, fromB] = await Promise.all([a!.poller.sweep(), b!.poller.sweep()]);

      expect(fromA.polled.length).toBeGreaterThan(0);
      expect(fromB.polled.length).toBeGreaterThan(0);
      expect(fromA.polled.filter((id) => fromB.polled.includes(id))).toEqual([]);
      expect([...fromA.polled, ...fromB.polled].sort()).toEqual(
        everyone.map((p) => users[p].id).sort(),
      );

      const pending = [...sandbox.state.tasks.values()].filter((t) => t.status === 'Pending');
      const sent = sentTasks(a!.notifier, b!.notifier);
      expect(new Set(sent).size).toBe(sent.length);
      expect(sent).toHaveLength(pending.length);

      clock.advance(INTERVAL_MS);
      await Promise.all([a!.poller.sweep(), b!.poller.sweep()]);
      expect(sentTasks(a!.notifier, b!.notifier)).toHaveLength(pending.length);
    });

    it('sends a reviewer’s review card once, and edits it once a review joins', async () => {
      await link(stores[0]!, ['ada']);
      const [a, b] = replicas();
      reviewsOfAda(sandbox.state, 3);
      const both = async () => {
        await Promise.all([a!.poller.refresh(), b!.poller.refresh()]);
        clock.advance(INTERVAL_MS);
        await Promise.all([a!.poller.sweep(), b!.poller.sweep(), b!.poller.sweep()]);
      };
      const cards = () =>
        [a!, b!].flatMap(({ notifier }) =>
          notifier.posts.filter((p) => p.message.title?.startsWith('Access reviews of GitHub')),
        );
      await both();
      await both();
      expect(cards()).toHaveLength(1);
      reviewsOfAda(sandbox.state, 1, { from: 4 });
      await both();
      const edits = [a!, b!].flatMap(({ notifier }) => notifier.updates);
      expect(cards()).toHaveLength(1);
      expect(edits.map((u) => u.message.title)).toEqual([
        'Access reviews of GitHub (Write): 4 people to review',
      ]);
    });

    it('hands a stopped replica’s users to the other at once, and a dead one’s within one interval', async () => {
      await link(stores[0]!, everyone);
      const [a, b] = replicas();
      await a!.poller.refresh();
      clock.advance(INTERVAL_MS);
      await a!.poller.sweep();
      await a!.poller.stop();

      // A new task arrives and everyone is due: only B is left to poll them.
      sandbox.state.createAccessRequest({ workAppId: workApps.jira.id, userId: users.grace.id });
      clock.advance(INTERVAL_MS);
      const alone = await b!.poller.sweep();
      expect(alone.polled).toHaveLength(everyone.length);
      expect(b!.notifier.dmTasks('U-dennis')).toHaveLength(1);

      // A replica that dies holding leases: its users wait until the leases end, one interval on.
      clock.advance(INTERVAL_MS);
      const held = await stores[0]!.claimDuePollUsers(
        'dead-replica',
        clock.now(),
        clock.now(),
        new Date(clock.now().getTime() + INTERVAL_MS),
        100,
      );
      expect(held).toHaveLength(everyone.length);
      expect((await b!.poller.sweep()).polled).toEqual([]);
      clock.advance(INTERVAL_MS);
      expect((await b!.poller.sweep()).polled).toHaveLength(everyone.length);
      expect(
        sentTasks(a!.notifier, b!.notifier).filter((s) => s.includes('U-dennis')),
      ).toHaveLength(2);
    });
  },
);
