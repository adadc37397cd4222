/**
 * A reminded card tells its approver how long the task has waited against how long its
 * application's requests usually take here, once that figure exists (five decisions through
 * accessbot in the last 90 days); a first card, and a reminder before then, do not.
 */
import { expect, it } from 'vitest';
import { tasks } from '../../src/sandbox/seed.ts';
import { decided, HOUR } from '../helpers/usual-waits.ts';
import { cardOf, link, nextSweep, usePollerWorld } from './fakes.ts';

const w = usePollerWorld({ sandboxOnClock: true });

it('a reminder says how long the task has waited against how long GitHub requests usually take', async () => {
  await link(w.store, ['alan']);
  const now = w.clock.now();
  for (const hours of [1, 2, 3, 4]) await w.store.appendAudit(decided(now, hours * HOUR));
  const { poller } = w.poller({ remindAfterMs: 3 * HOUR });
  await nextSweep(poller, w.clock);
  const notesOf = (message: Parameters<typeof cardOf>[0]) => cardOf(message)?.notes ?? [];
  expect(w.slack.posts.flatMap((p) => notesOf(p.message))).toEqual([]);
  const reminder = async () => {
    w.clock.advance(3 * HOUR);
    await nextSweep(poller, w.clock);
    const card = w.slack.updates.findLast(
      (u) => cardOf(u.message)?.taskId === tasks.alanGraceGithubWrite,
    );
    return notesOf(card!.message);
  };
  // Four decisions: too few to say anything.
  expect(await reminder()).toEqual([]);
  await w.store.appendAudit(decided(now, 50 * HOUR));
  // Grace's request was seeded three hours before the clock's start.
  expect(await reminder()).toEqual([
    'Waiting 9 hours; requests for GitHub are usually decided within 3 hours here (9 in 10 within 3 days).',
  ]);
});
