/**
 * The requester's outcome and a group change's note are messages of the outbox like the task
 * cards: a replica that dies after Slack took the message (its answer lost) leaves it to an heir,
 * which finds and adopts it instead of sending it twice; asking again for the same event sends
 * nothing.
 */
import { describe, expect, it } from 'vitest';
import { info } from '../src/core/reply.ts';
import { users, workApps } from '../src/sandbox/seed.ts';
import { chatId, INTERVAL_MS, link, nextSweep, usePollerWorld } from './poller-fakes.ts';

const w = usePollerWorld();
const dmsTo = (person: 'grace') =>
  w.slack.posts.filter((p) => p.to.kind === 'user' && p.to.chatUserId === chatId(person));

describe('every kind of message is sent once, whatever replica dies', () => {
  it('the requester’s outcome: adopted by the heir, and the request closed', async () => {
    await link(w.store, ['grace']);
    const access = w.sandbox.state.createAccessRequest({
      workAppId: workApps.figma.id,
      userId: users.grace.id,
      permissionLevelId: workApps.figma.levels.viewer.id,
    });
    await w.store.recordRequest({
      accessId: access.id,
      accessUserId: users.grace.id,
      workAppId: workApps.figma.id,
      taskIds: [],
      requestedAt: w.clock.now(),
    });
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
    const note = info('Ada Lovelace added you to the group Design (through accessbot).');
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
