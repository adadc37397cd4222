/**
 * Escalations across replicas on one PostgreSQL: replicas sweeping together post each escalation
 * once; a replica that dies while posting one leaves it to another, which finds the message it
 * posted (or posts it, when it never reached the platform) instead of posting it twice; and the
 * escalation is updated to the outcome by whichever replica sees the decision.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { NotifyRules } from '../../../src/poller/rules.ts';
import { tasks, users } from '../../../src/sandbox/seed.ts';
import type { Store } from '../../../src/store/store.ts';
import { type Sandbox, startSandbox } from '../../fakes/sandbox-faults.ts';
import { usePostgresStores } from '../../helpers/postgres.ts';
import { clientFor } from '../../helpers/sandbox.ts';
import {
  cardOf,
  FakeClock,
  INTERVAL_MS,
  link,
  nextSweep,
  RecordingNotifier,
  testPoller,
} from '../../poller/fakes.ts';

const databaseUrl = process.env.TEST_DATABASE_URL;
const everyone = Object.keys(users) as Array<keyof typeof users>;
const DAY = 86_400_000;
const rules: NotifyRules = {
  channels: [],
  escalations: [],
  defaultEscalation: { platform: 'slack', channelId: 'C-LEADS' },
  notifyOnly: [],
};

describe.skipIf(databaseUrl === undefined)(
  'escalations across replicas on one PostgreSQL (TEST_DATABASE_URL)',
  () => {
    const pgStores = usePostgresStores('accessbot_escalation', 2);
    let stores: Store[];
    let sandbox: Sandbox;
    let clock: FakeClock;

    beforeEach(async () => {
      stores = pgStores.stores;
      clock = new FakeClock();
      sandbox = await startSandbox({ pageSize: 2, now: () => clock.now() });
      // Enough latency that both replicas are busy at the same time.
      sandbox.faults.latency(5);
    });
    afterEach(async () => {
      await sandbox.close();
    });

    /** Two replicas escalating after three days; `slack` is the one platform both post to. */
    function replicas(slack: RecordingNotifier, over: (store: Store) => Store = (s) => s) {
      return stores.map(
        (store, n) =>
          testPoller({
            client: clientFor(sandbox),
            store: over(store),
            notifiers: [slack],
            clock,
            owner: `replica-${n}`,
            concurrency: 2,
            rules,
            escalateAfterMs: 3 * DAY,
            leaseMs: 1_000,
          }).poller,
      );
    }

    const escalated = (slack: RecordingNotifier) =>
      slack.posts
        .filter((p) => p.to.kind === 'channel')
        .map((p) => cardOf(p.message)?.taskId ?? '?');

    /**
     * One replica dies while it posts Alan's escalation, as `misbehave` makes the platform act;
     * then its heartbeat stops, and a few seconds on the other replica takes over, polling Alan
     * again once the dead one's lease on him ends.
     */
    async function dyingWhileEscalating(misbehave: (slack: RecordingNotifier) => void) {
      await link(stores[0]!, ['alan']);
      const slack = new RecordingNotifier('slack');
      const [doomed, heir] = replicas(slack);
      await nextSweep(doomed!, clock);
      clock.advance(3 * DAY);
      misbehave(slack);
      void nextSweep(doomed!, clock);
      const recipients = async () =>
        (await stores[1]!.listNotifications({ openFor: users.alan.id })).map((n) => n.recipient);
      await expect.poll(recipients).toContain('escalation:channel:C-LEADS');
      clock.advance(6_000);
      await heir!.sweep();
      for (let n = 0; n < 3; n++) await nextSweep(heir!, clock);
      return { slack, heir: heir! };
    }

    it('posts each escalation once while both replicas sweep together, again and again', async () => {
      await link(stores[0]!, everyone);
      const slack = new RecordingNotifier('slack');
      const [a, b] = replicas(slack);
      const together = async () => {
        await Promise.all([a!.refresh(), b!.refresh()]);
        clock.advance(INTERVAL_MS);
        await Promise.all([a!.sweep(), b!.sweep()]);
      };
      await together();
      // Access reviews escalate once overdue, on their review card, not after ESCALATE_AFTER.
      const pending = [...sandbox.state.tasks.values()].filter(
        (t) => t.status === 'Pending' && t.type !== 'EntitlementReview',
      );
      expect(escalated(slack)).toEqual([]);

      clock.advance(3 * DAY);
      for (let n = 0; n < 4; n++) await together();
      const sent = escalated(slack);
      expect(sent.sort()).toEqual(pending.map((t) => t.id).sort());
      expect(new Set(sent).size).toBe(sent.length);
    });

    it('lets one replica win when both claim the same escalation at the same instant', async () => {
      await link(stores[0]!, ['alan']);
      const slack = new RecordingNotifier('slack');
      const race = new ClaimRace();
      const [a, b] = replicas(slack, (store) => race.over(store));
      await nextSweep(a!, clock);
      clock.advance(3 * DAY);
      const first = nextSweep(a!, clock);
      await expect.poll(() => race.waiting).toBe(1);
      // A's lease on Alan runs out while it waits, so B polls him too and claims the same.
      await b!.refresh();
      clock.advance(2_000);
      await Promise.all([first, b!.sweep()]);
      expect([...race.won].sort()).toEqual([false, true]);
      expect(escalated(slack)).toEqual([tasks.alanGraceGithubWrite]);
    });

    it('finishes the escalation of a replica that died posting it, without posting it twice', async () => {
      // The post reaches Slack, but the replica dies before it hears back.
      const { slack, heir } = await dyingWhileEscalating((slack) => slack.loseNextAnswer());
      expect(escalated(slack)).toEqual([tasks.alanGraceGithubWrite]);
      const [row] = (
        await stores[1]!.listNotifications({ taskIds: [tasks.alanGraceGithubWrite] })
      ).filter((n) => n.recipient.startsWith('escalation:'));
      expect(row?.messageRef).toEqual(slack.posts.at(-1)?.ref);

      sandbox.state.decideTask(tasks.alanGraceGithubWrite, 'Approved', users.ada.id);
      await nextSweep(heir, clock);
      const edits = slack.updates.filter((u) => u.ref.destination.kind === 'channel');
      expect(edits.map((u) => [u.ref, cardOf(u.message)?.state])).toEqual([
        [row?.messageRef, 'approved'],
      ]);
    });

    it('posts the escalation of a replica that died before it reached the platform', async () => {
      const { slack } = await dyingWhileEscalating((slack) => slack.hangNext());
      expect(escalated(slack)).toEqual([tasks.alanGraceGithubWrite]);
    });
  },
);

/**
 * Holds each escalation claim until a second one arrives, so that two replicas insert the same
 * claim at the same instant; records who won.
 */
class ClaimRace {
  waiting = 0;
  readonly won: boolean[] = [];
  #release: () => void = () => {};
  readonly #both = new Promise<void>((resolve) => {
    this.#release = resolve;
  });

  over(store: Store): Store {
    const claim: Store['claimNotification'] = async (c) => {
      if (!c.recipient.startsWith('escalation:')) return store.claimNotification(c);
      if (++this.waiting === 2) this.#release();
      await this.#both;
      const won = await store.claimNotification(c);
      this.won.push(won);
      return won;
    };
    return new Proxy(store, {
      get(target, name) {
        if (name === 'claimNotification') return claim;
        const value: unknown = Reflect.get(target, name);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
  }
}
