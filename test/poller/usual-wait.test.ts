/**
 * A reminded card tells its approver how long the task has waited against how long its
 * application's requests usually take here, once that figure exists (five decisions through
 * accessbot in the last 90 days); a first card, and a task of an application without it, do not.
 */
import { expect, it } from 'vitest';
import { tasks } from '../../src/sandbox/seed.ts';
import { fiveDecisions, HOUR } from '../helpers/usual-waits.ts';
import { cardOf, link, nextSweep, usePollerWorld } from './fakes.ts';

const w = usePollerWorld({ sandboxOnClock: true });

it('a reminder says how long the task has waited against how long GitHub requests usually take', async () => {
  await link(w.store, ['alan']);
  await fiveDecisions(w.store, w.clock.now());
  const { poller } = w.poller({ remindAfterMs: 3 * HOUR });
  await nextSweep(poller, w.clock);
  const notesOf = (message: Parameters<typeof cardOf>[0]) => cardOf(message)?.notes ?? [];
  expect(w.slack.posts.flatMap((p) => notesOf(p.message))).toEqual([]);
  w.clock.advance(3 * HOUR);
  await nextSweep(poller, w.clock);
  const reminded = new Map(w.slack.updates.map((u) => [cardOf(u.message)?.taskId, u.message]));
  // Grace's request was seeded three hours before the clock's start.
  expect(notesOf(reminded.get(tasks.alanGraceGithubWrite)!)).toEqual([
    'Waiting 6 hours; requests for GitHub are usually decided within 3 hours here (9 in 10 within 3 days).',
  ]);
});
