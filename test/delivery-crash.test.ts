/**
 * The proof of "exactly once, never stale": for every step of a delivery — claim, post, store
 * the reference; an outcome edit; a reminder's edit and its follow-up — a real replica (a child
 * process with the real poller and Slack notifier, against the sandbox and the Slack fake) kills
 * itself with SIGKILL at exactly that step (ACCESSBOT_CRASH_AT). Replicas are then started again
 * (on PostgreSQL, two), and afterwards each approver has exactly one message per task, every
 * decided task's message shows the outcome, no follow-up was posted twice, and nothing came late.
 */
import { describe, expect, it } from 'vitest';
import type { CrashStep } from '../src/poller/crash-points.ts';
import { tasks, users } from '../src/sandbox/seed.ts';
import {
  deliveryWorld,
  type Person,
  repeatedFollowUps,
  showsButtons,
  slackId,
  taskMessages,
  until,
} from './helpers/delivery-world.ts';

const people: Person[] = ['ada', 'alan'];
/** A crash and its takeover (1.5 s without heartbeat) included, and a slow, busy machine. */
const LATE_MS = 12_000;
const decided = tasks.adaDennisAwsReview;

const steps: Array<{ step: CrashStep; decide?: boolean; remind?: boolean }> = [
  { step: 'claimed' },
  { step: 'posted' },
  { step: 'saved' },
  { step: 'outcome-requested', decide: true },
  { step: 'updated', decide: true },
  { step: 'reminder-requested', remind: true },
  { step: 'reminder-updated', remind: true },
  { step: 'followed-up', remind: true },
];

const stores: Array<[string, 'sqlite' | 'postgres', number]> = [
  ['SQLite, one replica restarted', 'sqlite', 1],
  ...(process.env.TEST_DATABASE_URL
    ? [['PostgreSQL, two replicas', 'postgres', 2] as [string, 'postgres', number]]
    : []),
];

describe.concurrent.each(stores)('a replica killed at any step (%s)', (_, kind, replicas) => {
  it.each(steps)('$step', { timeout: 60_000 }, async ({ step, decide, remind }) => {
    const world = await deliveryWorld(kind, people);
    try {
      const { sandbox, slack } = world;
      const expected = [...sandbox.state.tasks.values()]
        .filter((t) => t.status === 'Pending')
        .flatMap((t) => people.filter((p) => users[p].id === t.assigneeId).map((p) => [p, t.id]))
        .map(([p, id]) => `D-${slackId(p as Person)} ${id}`);
      const settings: Record<string, string> = remind ? { REMIND_AFTER_MS: '1500' } : {};
      const startedAt = Date.now();
      const doomed = world.start('doomed', { ...settings, ACCESSBOT_CRASH_AT: step });

      let decidedAt = 0;
      if (decide) {
        // Decided once its message is out, so the crash hits the edit.
        const key = `D-${slackId('ada')} ${decided}`;
        expect(await until(() => taskMessages(slack).has(key), 15_000)).toBe(true);
        sandbox.state.decideTask(decided, 'Approved', users.radia.id);
        decidedAt = Date.now();
      }
      const killed = await Promise.race([
        doomed.exited,
        new Promise((r) => setTimeout(() => r('alive'), 20_000)),
      ]);
      expect(killed, doomed.stderr()).toBeNull();

      for (let n = 0; n < replicas; n++) world.start(`heir-${n}`, settings);
      const sent = () => taskMessages(slack);
      const allThere = () => expected.every((key) => sent().has(key));
      const outcomeShown = () =>
        !decide ||
        (sent()
          .get(`D-${slackId('ada')} ${decided}`)
          ?.every((m) => !showsButtons(m)) ??
          false);
      expect(await until(() => allThere() && outcomeShown(), 20_000)).toBe(true);
      if (remind) {
        const followUps = () => [...slack.messages.values()].filter((m) => m.thread_ts).length;
        expect(await until(() => followUps() >= expected.length, 15_000)).toBe(true);
      }
      // A little longer, for a duplicate to show if there were one.
      await new Promise((r) => setTimeout(r, 1_000));

      const duplicates = [...sent()].filter(([, list]) => list.length > 1).map(([key]) => key);
      expect(duplicates).toEqual([]);
      expect([...sent().keys()].sort()).toEqual(expected.sort());
      expect(repeatedFollowUps(slack)).toEqual([]);
      const late = [...sent()].filter(([, [m]]) => (m?.postedAt ?? 0) - startedAt > LATE_MS);
      expect(late.map(([key]) => key)).toEqual([]);
      if (decide) {
        const [message] = sent().get(`D-${slackId('ada')} ${decided}`) ?? [];
        expect((message?.updatedAt ?? Infinity) - decidedAt).toBeLessThan(LATE_MS);
      }
    } finally {
      await world.close();
    }
  });
});
