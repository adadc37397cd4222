/**
 * A review card's reminders and escalation through the real poller on a fake clock, Ada in
 * Berlin with quiet hours at night: reminded a week, two days and on the day before the due date,
 * each once and in her working hours; once it has passed, its escalation channel — or the
 * application's owners, when APP_OWNERS names one linked — told once; nothing of it for a card
 * with nothing left to review.
 */
import { describe, expect, it } from 'vitest';
import { parseQuietHours } from '../../../src/poller/working-hours.ts';
import { users } from '../../../src/sandbox/seed.ts';
import { HOUR, textOf, useReviewWorld } from '../../helpers/review-world.ts';
import { chatId, type Sent } from '../../poller/fakes.ts';

const { w, reviews, world, to, titled, cards, shownNow } = useReviewWorld();

const MINUTE = 60_000;
const DUE = new Date('2026-12-02T12:00:00Z');
const rules = {
  channels: [],
  escalations: [],
  defaultEscalation: { platform: 'slack' as const, channelId: 'C-LEADS' },
  notifyOnly: [],
};
const hours = { quiet: parseQuietHours('20:00-08:00'), defaultZone: 'UTC' };

/** Sweeps every hour until `until`, noting when each message titled `start` reached `posts`. */
async function sweepUntil(sweep: () => Promise<unknown>, until: string, seen: () => string[]) {
  const when: string[] = [];
  while (w.clock.now() < new Date(until)) {
    const before = seen().length;
    await sweep();
    for (const title of seen().slice(before)) {
      when.push(`${w.clock.now().toISOString().slice(0, 13)} ${title}`);
    }
    w.clock.advance(HOUR - MINUTE);
  }
  return when;
}

/** The titles of those about GitHub (Write): Ada's seeded AWS review has a card of its own. */
const github = (posts: Sent[]) =>
  posts.map((p) => p.message.title ?? '').filter((title) => title.endsWith('GitHub (Write)'));

const inLeads = () =>
  w.slack.posts.filter((p) => p.to.kind === 'channel' && p.to.channelId === 'C-LEADS');

describe('a review card’s reminders and escalation', () => {
  it('reminds a week, two days and on the day before, in working hours, then escalates once', async () => {
    w.slack.timeZones.set(chatId('ada'), 'Europe/Berlin');
    const { sweep } = await world({ rules, hours, remindAfterMs: 24 * HOUR });
    reviews(3, DUE);
    await sweep();
    const [card] = cards();
    expect(shownNow(card!)).toContain('0 of 3 reviewed, due Wed, Dec 2, 2026');
    const reminders = () => github(titled(to('ada'), 'Access reviews due'));
    const escalations = () => github(inLeads());
    const seen = () => [...reminders(), ...escalations()];
    const when = await sweepUntil(sweep, '2026-12-04T12:00:00Z', seen);
    // Midnight in Berlin is quiet: each waits for 08:00 there (07:00 UTC).
    expect(when).toEqual([
      '2026-11-25T07 Access reviews due in a week: GitHub (Write)',
      '2026-11-30T07 Access reviews due in two days: GitHub (Write)',
      '2026-12-02T07 Access reviews due today: GitHub (Write)',
      '2026-12-02T12 Access reviews overdue: GitHub (Write)',
    ]);
    const [week] = titled(to('ada'), 'Access reviews due in a week');
    expect(textOf(week!.message)).toContain(
      '3 people of GitHub (Write) still to review, due Wed, Dec 2, 2026. Open them with `review 2`.',
    );
    expect(textOf(inLeads()[0]!.message)).toContain(
      '3 of 3 access reviews of GitHub (Write) still wait for Ada Lovelace; they were due Wed, Dec 2, 2026.',
    );
    // REMIND_AFTER passes reviews by: the card was never edited into a reminder.
    expect(w.slack.followUps.filter((f) => f.ref.data.id === card!.ref.data.id)).toEqual([]);
  });

  it('escalates to the application’s owners when APP_OWNERS names one who is linked', async () => {
    const appOwners = { github: [users.grace.email.toUpperCase()] };
    const { sweep } = await world({ rules, appOwners }, ['grace']);
    const ids = reviews(2, DUE);
    await sweep();
    w.sandbox.state.decideTask(ids[0]!, 'Approved', users.ada.id);
    w.clock.advance(DUE.getTime() - w.clock.now().getTime());
    await sweep();
    await sweep();
    const told = titled(to('grace'), 'Access reviews overdue');
    expect(told).toHaveLength(1);
    expect(textOf(told[0]!.message)).toContain('1 of 2 access reviews of GitHub (Write)');
    expect(inLeads().filter((p) => p.message.title?.startsWith('Access reviews'))).toEqual([]);
  });

  it('neither reminds nor escalates a card with nothing left to review', async () => {
    const { sweep } = await world({ rules });
    const ids = reviews(2, DUE);
    await sweep();
    for (const id of ids) w.sandbox.state.decideTask(id, 'Approved', users.ada.id);
    await sweep();
    expect(shownNow(cards()[0]!)).toContain('all 2 reviewed');
    const seen = () => github([...titled(to('ada'), 'Access reviews due'), ...inLeads()]);
    expect(await sweepUntil(sweep, '2026-12-03T12:00:00Z', seen)).toEqual([]);
  });
});
