/**
 * The proof of "exactly once, never stale": for every step of a delivery — claim, post, store
 * the reference; an outcome edit; a reminder's edit and its follow-up — a real replica (a child
 * process with the real poller and Slack notifier, against the sandbox and the Slack fake) kills
 * itself with SIGKILL at exactly that step (ACCESSBOT_CRASH_AT). Replicas are then started again
 * (on PostgreSQL, two), and afterwards each approver has exactly one message per task, every
 * decided task's message shows the outcome, no follow-up was posted twice, and nothing came late.
 *
 * "Late" is judged by what a delivery needed, not by the wall clock: every replica here takes an
 * hour to take over a send held by a replica it believes alive, so a message that needed that
 * instead of the takeover of the dead replica (its heartbeat silent for 5 s, the default) never
 * comes, and the waits below fail. They are generous, so a slow machine only makes the test
 * slower. A live replica whose heartbeat stalls for 5 s is taken for dead (docs/delivery.md): on
 * a busy machine a shorter period would make the heirs take each other over.
 */
import { describe, expect, it, vi } from 'vitest';
import type { CrashStep } from '../src/poller/crash-points.ts';
import { tasks, users } from '../src/sandbox/seed.ts';
import {
  deliveryWorld,
  type Person,
  repeatedFollowUps,
  showsButtons,
  slackId,
  taskMessages,
} from './helpers/delivery-world.ts';

const people: Person[] = ['ada', 'alan'];
/** Only reached when something never happens: replicas start slowly on a busy machine. */
const WAIT = { timeout: 90_000, interval: 100 };
/** Never, within a test: a message that needed the takeover of a live replica's send is late. */
const STUCK_AFTER_MS = String(3_600_000);
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
  it.each(steps)('$step', { timeout: 240_000 }, async ({ step, decide, remind }) => {
    const world = await deliveryWorld(kind, people);
    try {
      const { sandbox, slack } = world;
      const expected = [...sandbox.state.tasks.values()]
        .filter((t) => t.status === 'Pending')
        .flatMap((t) => people.filter((p) => users[p].id === t.assigneeId).map((p) => [p, t.id]))
        .map(([p, id]) => `D-${slackId(p as Person)} ${id}`);
      const settings: Record<string, string> = {
        DEAD_AFTER_MS: '5000',
        RETRY_AFTER_MS: STUCK_AFTER_MS,
        ...(remind && { REMIND_AFTER_MS: '1500' }),
      };
      const doomed = world.start('doomed', { ...settings, ACCESSBOT_CRASH_AT: step });

      if (decide) {
        // Decided once its message is out, so the crash hits the edit.
        const key = `D-${slackId('ada')} ${decided}`;
        await vi.waitFor(() => expect(taskMessages(slack).has(key)).toBe(true), WAIT);
        sandbox.state.decideTask(decided, 'Approved', users.radia.id);
      }
      await vi.waitFor(
        () => expect(doomed.process.signalCode, doomed.stderr()).toBe('SIGKILL'),
        WAIT,
      );

      const heirs = Array.from({ length: replicas }, (_, n) => world.start(`heir-${n}`, settings));
      const sent = () => taskMessages(slack);
      const allThere = () => expected.every((key) => sent().has(key));
      const outcomeShown = () =>
        !decide ||
        (sent()
          .get(`D-${slackId('ada')} ${decided}`)
          ?.every((m) => !showsButtons(m)) ??
          false);
      await vi.waitFor(() => expect(allThere() && outcomeShown()).toBe(true), WAIT);
      if (remind) {
        const followUps = () => [...slack.messages.values()].filter((m) => m.thread_ts).length;
        await vi.waitFor(() => expect(followUps()).toBeGreaterThanOrEqual(expected.length), WAIT);
      }
      // Every heir running and every person polled twice more, for a duplicate to show if there
      // were one; then the heirs stop, so nothing can come after the checks.
      await Promise.all(heirs.map((heir) => heir.started));
      const polls = (p: Person) =>
        sandbox.requests.filter(
          (r) => r.path.endsWith('/Tasks') && r.query.userId === users[p].id && !r.query.cursor,
        ).length;
      const before = people.map(polls);
      await vi.waitFor(
        () => expect(people.every((p, i) => polls(p) >= before[i]! + 2)).toBe(true),
        WAIT,
      );
      for (const heir of heirs) heir.process.kill('SIGTERM');
      expect(await Promise.all(heirs.map((heir) => heir.exited))).toEqual(heirs.map(() => 0));

      const duplicates = [...sent()].filter(([, list]) => list.length > 1).map(([key]) => key);
      expect(duplicates, [doomed, ...heirs].map((r) => r.stderr()).join('\n')).toEqual([]);
      expect([...sent().keys()].sort()).toEqual(expected.sort());
      expect(repeatedFollowUps(slack)).toEqual([]);
    } finally {
      await world.close();
    }
  });
});
