/**
 * What the poller does beyond the first message: reminders, channel routing and
 * notification-only task types, a failing service, and links from a chat directory.
 */
import { describe, expect, it } from 'vitest';
import type { DirectorySource } from '../../src/core/directory-source.ts';
import { graceJustification, tasks, users } from '../../src/sandbox/seed.ts';
import { clientFor, fastRetry } from '../helpers/sandbox.ts';
import { cardOf, INTERVAL_MS, link, nextSweep, usePollerWorld } from './fakes.ts';

const w = usePollerWorld();
const HOUR = 3_600_000;

describe('reminders', () => {
  it('reminds once per REMIND_AFTER period while the task waits: the card is marked and a follow-up notifies', async () => {
    await link(w.store, ['alan']);
    const { poller } = w.poller({
      remindAfterMs: HOUR,
    });
    await nextSweep(poller, w.clock);
    w.clock.advance(HOUR - 2 * INTERVAL_MS);
    await nextSweep(poller, w.clock);
    expect(w.slack.updates).toHaveLength(0);
    await nextSweep(poller, w.clock);
    await nextSweep(poller, w.clock);
    expect(w.slack.updates.map((u) => u.message.title)).toEqual([
      'Reminder: still waiting for your decision',
    ]);
    expect(w.slack.updates[0]?.ref).toEqual(w.slack.posts[0]?.ref);
    expect(cardOf(w.slack.updates[0]!.message)?.buttons).toHaveLength(4);
    // An edit notifies no one: the follow-up in the message's thread does.
    expect(w.slack.followUps.map((f) => f.ref)).toEqual([w.slack.posts[0]?.ref]);
    expect(w.slack.followUps[0]?.message.summary).toMatch(
      /^"Access request: GitHub \(Write\)" is still waiting for your decision since /,
    );
    w.clock.advance(HOUR);
    await nextSweep(poller, w.clock);
    await nextSweep(poller, w.clock);
    expect(w.slack.updates).toHaveLength(2);
    expect(w.slack.followUps).toHaveLength(2);
    expect(w.slack.posts).toHaveLength(1);
  });

  it('never reminds when REMIND_AFTER is 0', async () => {
    await link(w.store, ['alan']);
    const { poller } = w.poller({
      remindAfterMs: 0,
    });
    await nextSweep(poller, w.clock);
    w.clock.advance(48 * HOUR);
    await nextSweep(poller, w.clock);
    expect(w.slack.updates).toEqual([]);
    expect(w.slack.followUps).toEqual([]);
  });
});

describe('routing rules and notification-only task types', () => {
  it('sends tasks of a notification-only type without buttons', async () => {
    await link(w.store, ['ada']);
    const rules = { channels: [], escalations: [], notifyOnly: ['OffboardingStep'] };
    const { poller } = w.poller({
      rules,
    });
    await nextSweep(poller, w.clock);
    // Her access review comes in its review card, with Keep and Revoke.
    const cards = w.slack.posts.flatMap((p) => cardOf(p.message) ?? []);
    const buttons = Object.fromEntries(cards.map((c) => [c.taskId, c.buttons.length]));
    expect(buttons).toEqual({
      [tasks.adaEdsgerOffboarding]: 0,
      [tasks.adaGraceGithubWrite]: 4,
    });
    const offboarding = w.slack.posts.find(
      (p) => cardOf(p.message)?.taskId === tasks.adaEdsgerOffboarding,
    );
    expect(offboarding?.message.title).toBe('New task: please decide it in the Access Service');
  });

  it('also posts matching tasks to a channel, once per task, and updates it with the outcome', async () => {
    await link(w.store, ['ada', 'alan']);
    const rules = {
      channels: [
        { platform: 'slack' as const, channelId: 'C-GITHUB', workApps: ['github'] },
        { platform: 'slack' as const, channelId: 'C-REVIEWS', taskTypes: ['EntitlementReview'] },
        { platform: 'teams' as const, channelId: 'not-served' },
      ],
      escalations: [],
      notifyOnly: [],
    };
    const { poller } = w.poller({
      rules,
    });
    await nextSweep(poller, w.clock);
    await nextSweep(poller, w.clock);
    const inChannel = (id: string) =>
      w.slack.posts
        .filter((p) => p.to.kind === 'channel' && p.to.channelId === id)
        .map((p) => cardOf(p.message)?.taskId);
    // Ada's and Alan's tasks on Grace's request are two tasks: each is posted.
    expect(inChannel('C-GITHUB').sort()).toEqual(
      [tasks.adaGraceGithubWrite, tasks.alanGraceGithubWrite, tasks.adaEdsgerOffboarding].sort(),
    );
    expect(inChannel('C-REVIEWS')).toEqual([tasks.adaDennisAwsReview]);
    const channelPosts = w.slack.posts.filter((p) => p.to.kind === 'channel');
    expect(channelPosts.every((p) => cardOf(p.message)?.buttons.length === 0)).toBe(true);
    expect(channelPosts[0]?.message.title).toBe('New task for its approvers');
    // The channel sees who, what and since when; the justification only the approvers see.
    const fieldsIn = (p: (typeof channelPosts)[number]) => cardOf(p.message)?.fields ?? [];
    expect(channelPosts.flatMap(fieldsIn).map((f) => f.label)).not.toContain('Justification');
    expect(JSON.stringify(channelPosts)).not.toContain(graceJustification);
    const own = w.slack.posts.find(
      (p) => p.to.kind === 'user' && cardOf(p.message)?.taskId === tasks.adaGraceGithubWrite,
    );
    expect(JSON.stringify(own)).toContain(graceJustification);

    w.sandbox.state.decideTask(tasks.adaDennisAwsReview, 'Approved', users.ada.id);
    await nextSweep(poller, w.clock);
    const reviewUpdates = w.slack.updates.filter(
      (u) => cardOf(u.message)?.taskId === tasks.adaDennisAwsReview,
    );
    expect(reviewUpdates.map((u) => u.ref.destination)).toEqual([
      { kind: 'channel', channelId: 'C-REVIEWS' },
    ]);
    // Ada's review card says her one review is done.
    expect(w.slack.updates.map((u) => u.message.title)).toContain(
      'Access reviews of AWS Console (PowerUser): the one review is done',
    );
  });
});

describe('a failing Access Service', () => {
  it('keeps running, sends nothing twice, and delivers the backlog when the service is back', async () => {
    await link(w.store, ['ada', 'alan']);
    const { poller, metrics } = w.poller();
    w.sandbox.faults.failNext(100_000, 503);
    const down = await nextSweep(poller, w.clock);
    expect(down.failed).toBe(2);
    await nextSweep(poller, w.clock);
    expect(w.slack.posts).toEqual([]);
    expect(
      (await metrics.userPolls.get()).values.find((v) => v.labels.outcome === 'failed')?.value,
    ).toBe(4);

    w.sandbox.faults.reset();
    await nextSweep(poller, w.clock);
    await nextSweep(poller, w.clock);
    expect(w.slack.posts).toHaveLength(4);
  });

  it('delivers every task exactly once through a service failing half the time', async () => {
    await link(w.store, ['ada', 'alan', 'margaret', 'dennis', 'frances', 'radia']);
    let seed = 7;
    const random = () => {
      seed = (seed * 16_807) % 2_147_483_647;
      return seed / 2_147_483_647;
    };
    w.sandbox.faults.errorRate(0.5, random);
    const { poller } = w.poller({
      client: clientFor(w.sandbox, { retry: { ...fastRetry, limit: 0 } }),
    });
    for (let n = 0; n < 25; n++) await nextSweep(poller, w.clock);
    const sent = w.slack.posts.map((p) => cardOf(p.message)?.taskId ?? p.message.title);
    expect(new Set(sent).size).toBe(sent.length);
    // Six tasks with a card each, and two access reviews in a review card each.
    expect(sent).toHaveLength(8);
  });
});

describe('links from a chat directory', () => {
  it('links members by e-mail in any case, counts the rest, and then polls them', async () => {
    const directory: DirectorySource = {
      platform: 'slack',
      async *members() {
        yield { chatUserId: 'U-ALAN', email: 'ALAN.Turing@Example.com ' };
        yield { chatUserId: 'U-GUEST', email: 'guest@elsewhere.example' };
      },
    };
    const { poller, metrics } = w.poller({
      directories: [directory],
    });
    const report = { unmatched: 1, dropped: 0, unlinked: 11 };
    expect(await poller.syncDirectory()).toEqual({ ...report, linked: 1 });
    expect((await metrics.unlinkedUsers.get()).values[0]?.value).toBe(11);
    expect((await w.store.getLink('slack', 'U-ALAN'))?.accessUserId).toBe(users.alan.id);
    expect(await poller.syncDirectory()).toEqual({ ...report, linked: 0 });
    await nextSweep(poller, w.clock);
    expect(w.slack.dmTasks('U-ALAN')).toEqual([tasks.alanGraceGithubWrite]);
  });

  it('drops a link whose account now shows another address of nobody’s, or none', async () => {
    const emails: Record<string, string | undefined> = {
      'U-ALAN': users.alan.email,
      'U-ADA': users.ada.email,
    };
    const directory: DirectorySource = {
      platform: 'slack',
      async *members() {
        for (const [chatUserId, email] of Object.entries(emails)) yield { chatUserId, email };
      },
    };
    const { poller } = w.poller({ directories: [directory] });
    expect((await poller.syncDirectory()).linked).toBe(2);
    emails['U-ALAN'] = 'contractor@elsewhere.example';
    emails['U-ADA'] = undefined;
    expect(await poller.syncDirectory()).toMatchObject({ linked: 0, dropped: 2, unmatched: 1 });
    expect(await w.store.listLinks()).toEqual([]);
    await nextSweep(poller, w.clock);
    expect(w.slack.posts).toEqual([]);
  });
});
