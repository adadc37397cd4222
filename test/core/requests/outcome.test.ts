/**
 * The requester hears the outcome of a request made through the bot, through the real poller on
 * a fake clock: once, with who decided and why, from the decision taken through the bot when the
 * service does not say, and from the access's status when the service named no task.
 */
import { describe, expect, it } from 'vitest';
import { AccessBot } from '../../../src/core/bot.ts';
import { users } from '../../../src/sandbox/seed.ts';
import { actor, captureLog } from '../../helpers/bot.ts';
import { graceAsksForFigma } from '../../helpers/figma-request.ts';
import { clientFor } from '../../helpers/sandbox.ts';
import { cardOf, chatId, nextSweep, usePollerWorld } from '../../poller/fakes.ts';

const w = usePollerWorld();

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
