/**
 * An approver's access reviews as one card per application and level, through the real poller
 * and bot on a fake clock: reviews that arrive together are one message, one that comes later
 * joins it (an edit), a decision — typed, or made elsewhere — edits its progress, and an emptied
 * card says so for good and is never edited again; two replicas on one store send one card.
 */
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/app/config.ts';
import { decisionContext } from '../../../src/app/runtime.ts';
import { users, workApps } from '../../../src/sandbox/seed.ts';
import { captureLog } from '../../helpers/bot.ts';
import { DAY, useReviewWorld } from '../../helpers/review-world.ts';
import { nextSweep } from '../../poller/fakes.ts';

const { w, reviews, world, cards, shownNow, editsOf, to } = useReviewWorld();

describe('the review card', () => {
  it('says on a row which of the person’s groups give the access by default', async () => {
    const config = loadConfig({ ACCESS_API_URL: 'sandbox' });
    const log = captureLog().log;
    const context = decisionContext(config, { client: w.client, store: w.store, log });
    const { sweep } = await world({ context });
    reviews(1);
    // Dennis is in Engineering, whose members get GitHub by default.
    const access = w.sandbox.state.grantAccess({
      workAppId: workApps.github.id,
      userId: users.dennis.id,
      permissionLevelId: workApps.github.levels.write.id,
    });
    w.sandbox.state.createEntitlementReview({ accessId: access.id, requestedBy: users.radia.id });
    await sweep();
    const text = shownNow(cards()[0]!);
    expect(text).toMatch(/Dennis Ritchie[^\n]*by default through Engineering/);
    expect(text).not.toMatch(/Reviewed 001[^\n]*by default/);
  });

  it('brings three reviews as one card, and a fourth joins it by an edit', async () => {
    const { sweep } = await world();
    const ids = reviews(3, new Date(w.clock.now().getTime() + 10 * DAY));
    await sweep();
    expect(cards()).toHaveLength(1);
    const [card] = cards();
    expect(card!.message.title).toBe('Access reviews of GitHub (Write): 3 people to review');
    const text = shownNow(card!);
    expect(text).toContain('0 of 3 reviewed, due Wed, Dec 2, 2026');
    expect(text).toContain('Reviewed 001 · Write · waiting since');
    const buttons = card!.message.blocks.flatMap((b) => (b.kind === 'actions' ? b.buttons : []));
    expect(buttons.map((b) => b.label)).toEqual([
      ...['Keep', 'Revoke', 'Keep', 'Revoke', 'Keep', 'Revoke'],
      'Keep everyone left (3)',
      'Revoke everyone left (3)…',
    ]);
    // No card of its own for any of them.
    expect(w.slack.dmTasks('U-ada').filter((id) => ids.includes(id))).toEqual([]);

    await sweep();
    expect(editsOf(card!)).toHaveLength(0);
    reviews(1);
    await sweep();
    expect(cards()).toHaveLength(1);
    expect(editsOf(card!)).toHaveLength(1);
    expect(shownNow(card!)).toContain('0 of 4 reviewed');
    expect(shownNow(card!)).toContain('Reviewed 004');
  });

  it('shows each decision, typed or made elsewhere, and an emptied card for good', async () => {
    const { sweep, poller, say } = await world();
    const ids = reviews(3);
    await sweep();
    const [card] = cards();
    expect(await say(`approve ${ids[0]!.slice(0, 8)}`)).toContain('approved');
    // The decision polls Ada at once: no interval has to pass.
    await poller.sweep();
    expect(shownNow(card!)).toContain('1 of 3 reviewed');
    expect(shownNow(card!)).not.toContain('Reviewed 001');

    w.sandbox.state.decideTask(ids[1]!, 'Declined', users.ada.id, 'left the team');
    await sweep();
    expect(shownNow(card!)).toContain('2 of 3 reviewed');
    w.sandbox.state.decideTask(ids[2]!, 'Approved', users.ada.id);
    await sweep();
    expect(shownNow(card!)).toContain('Access reviews of GitHub (Write): all 3 reviewed');
    const edits = editsOf(card!).length;
    await sweep();
    expect(editsOf(card!)).toHaveLength(edits);

    // Reviews that come later are a new round: a card of their own.
    reviews(2);
    await sweep();
    expect(cards()).toHaveLength(2);
    expect(shownNow(cards()[1]!)).toContain('0 of 2 reviewed');
  });

  it('pages 300 people: ten rows, how many more and how to page', async () => {
    const { sweep } = await world();
    reviews(300);
    await sweep();
    const [card] = cards();
    const text = shownNow(card!);
    expect(text).toContain('0 of 300 reviewed');
    expect(text).toContain('290 more people: type `review 2 page 2` for the next page');
    expect(card!.message.blocks.filter((b) => b.kind === 'actions')).toHaveLength(11);
  });

  it('is sent once by two replicas polling at the same time', async () => {
    const { poller, replica } = await world();
    const other = replica('replica-b');
    reviews(3);
    await Promise.all([other.refresh(), poller.refresh()]);
    w.clock.advance(60_000);
    await Promise.all([poller.sweep(), other.sweep(), nextSweep(other, w.clock)]);
    expect(cards()).toHaveLength(1);
    expect(
      to('ada').filter((p) => p.message.title?.startsWith('Access reviews of GitHub')),
    ).toHaveLength(1);
  });
});
