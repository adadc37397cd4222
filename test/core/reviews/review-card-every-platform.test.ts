/**
 * The review card on Slack, Teams and the terminal, over real HTTP with the Slack Web API and
 * Bot Connector fakes (the terminal over streams), the real poller on a fake clock: three reviews
 * arrive as one message, a fourth joins it by an edit, a typed decision and a confirmed "keep
 * everyone left" edit its progress; 300 people fit the platform's limits with how to page.
 */
import { describe, expect, it, vi } from 'vitest';
import { confirmationCodeOn } from '../../fakes/chat-drivers.ts';
import { checkAllPayloads } from '../../fakes/slack-blockkit.ts';
import { clickPayload, sendInteraction } from '../../fakes/slack-payloads.ts';
import {
  eachWorld,
  PLATFORMS,
  type RequesterWorld,
  slackWorld,
} from '../../helpers/requester-world.ts';
import { reviewsOfAda } from '../../helpers/reviews.ts';

/** `count` people with GitHub Write, each under review by Ada. */
const reviews = (w: RequesterWorld, count: number) => reviewsOfAda(w.sandbox.state, count);

const githubCards = (w: RequesterWorld) =>
  w.messages('ada').filter((m) => m.includes('Access reviews of GitHub (Write)'));

describe.each(PLATFORMS)('the review card on %s', (_name, start) => {
  const world = eachWorld(start);

  it('is one message that a new review joins and each decision edits', async () => {
    const w = await world({ typist: 'ada' });
    const ids = reviews(w, 3);
    await w.sweep();
    expect(githubCards(w)).toHaveLength(1);
    expect(githubCards(w)[0]).toContain('0 of 3 reviewed, due');
    reviews(w, 1);
    await w.sweep();
    expect(githubCards(w)).toHaveLength(1);
    expect(githubCards(w)[0]).toContain('0 of 4 reviewed');

    expect(await w.say('ada', `approve ${ids[0]!.slice(0, 8)}`)).toContain('approved');
    await w.sweep();
    expect(githubCards(w)[0]).toContain('1 of 4 reviewed');

    const asked = await w.say('ada', 'review GitHub keep all');
    expect(await w.say('ada', `confirm ${confirmationCodeOn(asked)}`)).toContain(
      'Kept 3 of 3 people',
    );
    await w.sweep();
    expect(githubCards(w)).toHaveLength(1);
    expect(githubCards(w)[0]).toContain('all 4 reviewed');
  });
});

describe.each(PLATFORMS.slice(0, 2))('300 people under review on %s', (_name, start) => {
  const world = eachWorld(start);

  it('fit one message: ten rows, how many more and how to page', async () => {
    const w = await world();
    reviews(w, 300);
    await w.sweep();
    const [card] = githubCards(w);
    expect(card).toContain('0 of 300 reviewed');
    expect(card).toContain('290 more people: type ');
    expect(card).toContain('review 2 page 2');
    expect(card).toContain('Reviewed 010');
    expect(card).not.toContain('Reviewed 011');
  });
});

describe('the review card on Slack, clicked', () => {
  const world = eachWorld(slackWorld);

  it('keeps the one whose Keep is clicked, and the card shows it', async () => {
    const w = await world();
    const ids = reviews(w, 2);
    await w.sweep();
    const card = [...w.fake.messages.values()].find((m) =>
      JSON.stringify(m.blocks).includes('Access reviews of GitHub'),
    )!;
    const responseUrl = w.fake.responseUrl();
    const where = { kind: 'message' as const, channel: card.channel, ts: card.ts, responseUrl };
    await sendInteraction(
      w.url,
      clickPayload(card.blocks, 'accessbot.approve', 'U-ADA', where, ids[1]!),
    );
    await vi.waitFor(() => expect(w.sandbox.state.task(ids[1]!).status).toBe('Approved'));
    // The decision polls Ada at once: no interval has to pass.
    await w.poller.sweep();
    await w.waitFor('ada', (m) => m.includes('1 of 2 reviewed'));
    expect(githubCards(w)[0]).toContain('Reviewed 001');
    expect(githubCards(w)[0]).not.toContain('Reviewed 002');
    expect(checkAllPayloads(w.fake)).toBeGreaterThan(0);
  });
});
