/**
 * What the poller does beyond the first message: the requester's outcome, reminders, channel
 * routing and notification-only task types, a failing service, and links from a chat directory.
 */
import { describe, expect, it } from 'vitest';
import { AccessBot } from '../../src/core/bot.ts';
import type { DirectorySource } from '../../src/core/directory-source.ts';
import { graceJustification, tasks, users } from '../../src/sandbox/seed.ts';
import { actor, captureLog } from '../helpers/bot.ts';
import { graceAsksForFigma } from '../helpers/figma-request.ts';
import { clientFor, fastRetry } from '../helpers/sandbox.ts';
import { cardOf, chatId, INTERVAL_MS, link, nextSweep, usePollerWorld } from './fakes.ts';

const w = usePollerWorld();
const HOUR = 3_600_000;

describe('the requester hears the outcome', () => {
  async function graceRequests(justification: string) {
    const { log } = captureLog();
    const bot = new AccessBot({
      client: clientFor(w.sandbox),
      store: w.store,
      log,
      pendingStatus: 'Pending',
      now: () => w.clock.now(),
    });
    const reply = await bot.handle(
      actor(users.grace.email, 'slack', chatId('grace')),
      `request GitHub read -- ${justification}`,
    );
    expect(reply.tone).toBe('success');
    const [request] = await w.store.listOpenRequests();
    return request!;
  }

  it('sends one DM with the outcome and the reason once the request is decided', async () => {
    const request = await graceRequests('compiler fixes');
    expect(request.taskIds).toHaveLength(2);
    const { poller } = w.poller();
    await nextSweep(poller, w.clock);
    expect(w.slack.dmTasks(chatId('grace'))).toEqual([]);

    w.sandbox.state.decideTask(request.taskIds[1]!, 'Declined', users.alan.id, 'use Read for now');
    await nextSweep(poller, w.clock);
    await nextSweep(poller, w.clock);
    const dms = w.slack.posts.filter(
      (p) => p.to.kind === 'user' && p.to.chatUserId === chatId('grace'),
    );
    expect(dms).toHaveLength(1);
    expect(dms[0]?.message.title).toBe('Access request declined');
    expect(dms[0]?.message.summary).toMatch(
      /^Your request for access to GitHub \(Read\): Declined by Alan Turing on .* — "use Read for now"\.$/,
    );
    expect(cardOf(dms[0]!.message)?.buttons).toEqual([]);
    expect(await w.store.listOpenRequests()).toEqual([]);
  });

  it('names who decided, and why, from the decision taken through the bot when the task does not', async () => {
    const request = await graceRequests('compiler fixes');
    const { log } = captureLog();
    const bot = new AccessBot({ client: w.client, store: w.store, log, pendingStatus: 'Pending' });
    const alan = actor(users.alan.email, 'slack', chatId('alan'));
    const alanTask = request.taskIds.find(
      (id) => w.sandbox.state.task(id).assigneeId === users.alan.id,
    );
    expect((await bot.handle(alan, `decline ${alanTask} -- use Read for now`)).tone).toBe(
      'success',
    );
    // A service whose decided tasks say neither who nor why.
    for (const id of request.taskIds) {
      const { metadata } = w.sandbox.state.task(id);
      delete metadata.decidedBy;
      delete metadata.decidedByName;
      delete metadata.reason;
    }
    const { poller } = w.poller();
    await nextSweep(poller, w.clock);
    const told = w.slack.posts.find(
      (p) => p.to.kind === 'user' && p.to.chatUserId === chatId('grace'),
    );
    expect(told?.message.summary).toMatch(
      /^Your request for access to GitHub \(Read\): Declined by Alan Turing on .* — "use Read for now"\.$/,
    );
  });

  it('falls back to the access’s status when the service named no task for the request', async () => {
    const access = await graceAsksForFigma(w);
    const { poller } = w.poller();
    await nextSweep(poller, w.clock);
    w.sandbox.state.decideTask(access.taskIds[0]!, 'Approved', users.tim.id);
    await nextSweep(poller, w.clock);
    await nextSweep(poller, w.clock);
    expect(w.slack.posts.map((p) => p.message.summary)).toEqual([
      'Your request for access to Figma: Approved.',
    ]);
  });
});

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
    const buttons = Object.fromEntries(
      w.slack.posts.map((p) => [cardOf(p.message)?.taskId, cardOf(p.message)?.buttons.length]),
    );
    expect(buttons).toEqual({
      [tasks.adaEdsgerOffboarding]: 0,
      [tasks.adaGraceGithubWrite]: 4,
      [tasks.adaDennisAwsReview]: 4,
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
    expect(reviewUpdates.map((u) => u.ref.destination)).toEqual(
      expect.arrayContaining([
        { kind: 'channel', channelId: 'C-REVIEWS' },
        { kind: 'user', chatUserId: chatId('ada') },
      ]),
    );
    expect(reviewUpdates).toHaveLength(2);
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
    const sent = w.slack.posts.map((p) => cardOf(p.message)?.taskId);
    expect(new Set(sent).size).toBe(sent.length);
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
