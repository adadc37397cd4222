/**
 * What an heir does with the messages of a replica that died mid-send. The requester's outcome
 * and a group change's note are messages of the outbox like the task cards: one Slack took (its
 * answer lost) is found and adopted instead of being sent twice, and asking again for the same
 * event sends nothing. A message that may have been posted but cannot be looked for (Slack
 * without its history scope, or Slack failing) is never posted again: accessbot says which scope
 * is missing, counts it, and once its task is decided posts one short note after it — once,
 * through the outbox.
 */
import { describe, expect, it } from 'vitest';
import type { Voice } from '../../src/core/i18n/voice.ts';
import { LookupFailedError, PlatformUnavailableError } from '../../src/core/notifier.ts';
import { info } from '../../src/core/reply.ts';
import { tasks, users } from '../../src/sandbox/seed.ts';
import { graceAsksForFigma } from '../helpers/figma-request.ts';
import { chatId, INTERVAL_MS, link, nextSweep, usePollerWorld } from './fakes.ts';

const w = usePollerWorld();
const NOTE =
  'Update: GitHub (Write) for Grace Hopper was approved by Alan Turing — the buttons above no longer apply';
const missingScope = () =>
  new LookupFailedError('Slack conversations.history needs the im:history scope', {
    missingScope: 'im:history',
  });
const failing = () => new PlatformUnavailableError('Slack conversations.history answered HTTP 500');

const CARD = { visibility: 'private', tone: 'info', blocks: [], summary: 'card' };

/** Alan's card, claimed by a replica that is gone (no heartbeat). */
async function claimAlansCard() {
  await link(w.store, ['alan']);
  const key = {
    taskId: tasks.alanGraceGithubWrite,
    platform: 'slack' as const,
    recipient: `user:${chatId('alan')}`,
  };
  await w.store.claimNotification({
    ...key,
    accessUserId: users.alan.id,
    claimedAt: w.clock.now(),
    claimedBy: 'gone',
    deliveryId: 'delivery-1',
    destination: { kind: 'user', chatUserId: chatId('alan') },
    body: { message: CARD },
  });
  return key;
}

/** Alan's card is posted, and the replica dies before Slack's answer comes back. */
async function answerLost(findError: Error) {
  await link(w.store, ['alan']);
  w.slack.loseNextAnswer();
  const dead = w.poller().poller;
  await dead.refresh();
  w.clock.advance(INTERVAL_MS);
  void dead.sweep();
  await expect.poll(() => w.slack.posts.length).toBe(1);
  w.slack.findError = findError;
  // Its heir, once the dead replica's heartbeat is old enough.
  w.clock.advance(6_000);
  return w.poller({ owner: 'replica-b' });
}

const dmsTo = (person: 'grace') =>
  w.slack.posts.filter((p) => p.to.kind === 'user' && p.to.chatUserId === chatId(person));
const notesTo = (person: 'alan') =>
  w.slack.posts
    .slice(1)
    .filter((p) => p.to.kind === 'user' && p.to.chatUserId === chatId(person))
    .map((p) => p.message.summary);

describe('a card that cannot be found again', () => {
  it.each([
    ['the history scope is missing', missingScope, 'im:history scope'],
    ['Slack keeps failing', failing, 'could not look for a message'],
  ])(
    'is never posted again when %s, and a decision is told in one note',
    async (_, error, logged) => {
      const { poller, metrics, logLines } = await answerLost(error());
      for (let n = 0; n < 5; n++) await nextSweep(poller, w.clock);
      expect(w.slack.posts).toHaveLength(1);
      expect((await metrics.lostTrack.get()).values).toEqual([
        { labels: { platform: 'slack', kind: 'new' }, value: 1 },
      ]);
      expect(logLines.join('\n')).toContain(logged);

      w.sandbox.state.decideTask(tasks.alanGraceGithubWrite, 'Approved', users.alan.id);
      for (let n = 0; n < 3; n++) await nextSweep(poller, w.clock);
      expect(notesTo('alan')).toEqual([NOTE]);
      expect(w.slack.updates).toEqual([]);
    },
  );

  it('tells the outcome in a note when the task was decided before anyone could look', async () => {
    const { poller } = await answerLost(missingScope());
    w.sandbox.state.decideTask(tasks.alanGraceGithubWrite, 'Approved', users.alan.id);
    for (let n = 0; n < 5; n++) await nextSweep(poller, w.clock);
    expect(notesTo('alan')).toEqual([NOTE]);
  });

  it('adopts the card when Slack answers again within the tries, and edits it', async () => {
    const { poller, metrics } = await answerLost(failing());
    await poller.sweep();
    w.slack.findError = undefined;
    for (let n = 0; n < 2; n++) await nextSweep(poller, w.clock);
    expect((await metrics.lostTrack.get()).values).toEqual([]);
    w.sandbox.state.decideTask(tasks.alanGraceGithubWrite, 'Approved', users.alan.id);
    await nextSweep(poller, w.clock);
    expect(w.slack.updates.map((u) => u.ref)).toEqual([w.slack.posts[0]?.ref]);
    expect(notesTo('alan')).toEqual([]);
  });

  it('posts a card whose post never started without looking for it', async () => {
    // A replica claimed the card and died before it started posting: no heartbeat, nothing tried.
    await claimAlansCard();
    w.slack.findError = missingScope();
    const { poller, metrics } = w.poller({ owner: 'replica-b' });
    await poller.sweep();
    expect(w.slack.posts.map((p) => p.message.summary)).toEqual(['card']);
    expect((await metrics.lostTrack.get()).values).toEqual([]);
  });

  it('does not post a follow-up again that cannot be looked for, and still edits the card', async () => {
    // A replica sent the card, edited it to a reminder and died while it posted the follow-up.
    const key = await claimAlansCard();
    const ref = { platform: 'slack', destination: { kind: 'user', chatUserId: chatId('alan') } };
    await w.store.markNotificationSent(key, { ...ref, data: { id: 'm0' } }, w.clock.now());
    const nudge = { ...CARD, summary: 'nudge' };
    await w.store.remindNotification(
      key,
      { message: CARD, followUp: nudge },
      'gone',
      w.clock.now(),
      w.clock.now(),
    );
    const [reminded] = await w.store.listNotifications({ taskIds: [key.taskId] });
    await w.store.completeIntent(key, 'gone', reminded!.intent!.seq, 'follow_up', w.clock.now());

    w.slack.findError = failing();
    const { poller, metrics } = w.poller({ owner: 'replica-b' });
    for (let n = 0; n < 5; n++) await nextSweep(poller, w.clock);
    expect(w.slack.followUps).toEqual([]);
    expect((await metrics.lostTrack.get()).values).toEqual([
      { labels: { platform: 'slack', kind: 'reminder_follow_up' }, value: 1 },
    ]);
    w.sandbox.state.decideTask(tasks.alanGraceGithubWrite, 'Approved', users.alan.id);
    await nextSweep(poller, w.clock);
    expect(w.slack.updates.map((u) => u.ref.data)).toEqual([{ id: 'm0' }]);
    expect(notesTo('alan')).toEqual([]);
  });
});

describe('every kind of message is sent once, whatever replica dies', () => {
  it('the requester’s outcome: adopted by the heir, and the request closed', async () => {
    const access = await graceAsksForFigma(w);
    w.sandbox.state.decideTask(access.taskIds[0]!, 'Approved', users.tim.id);
    w.slack.loseNextAnswer();
    const dead = w.poller().poller;
    await dead.refresh();
    w.clock.advance(INTERVAL_MS);
    void dead.sweep();
    await expect.poll(() => dmsTo('grace').length).toBe(1);

    w.clock.advance(6_000);
    const { poller, metrics } = w.poller({ owner: 'replica-b' });
    for (let n = 0; n < 3; n++) await nextSweep(poller, w.clock);
    expect(dmsTo('grace').map((p) => p.message.summary)).toEqual([
      'Your request for access to Figma: Approved.',
    ]);
    expect(await w.store.listOpenRequests()).toEqual([]);
    expect((await metrics.deliveryRecoveries.get()).values).toMatchObject([
      { labels: { outcome: 'adopted' }, value: 1 },
    ]);
  });

  it('a group change’s note: adopted by the heir, and told once per change', async () => {
    await link(w.store, ['grace']);
    w.slack.loseNextAnswer();
    const dead = w.poller().poller;
    await dead.refresh();
    const note = (v: Voice) =>
      info(v, 'Ada Lovelace added you to the group Design (through accessbot).');
    void dead.notices.tell(users.grace.id, 'change-1', note);
    await expect.poll(() => dmsTo('grace').length).toBe(1);

    w.clock.advance(6_000);
    const { poller } = w.poller({ owner: 'replica-b' });
    await poller.sweep();
    await poller.notices.tell(users.grace.id, 'change-1', note);
    await nextSweep(poller, w.clock);
    expect(dmsTo('grace')).toHaveLength(1);
    await poller.notices.tell(users.grace.id, 'change-2', note);
    expect(dmsTo('grace')).toHaveLength(2);
  });
});
