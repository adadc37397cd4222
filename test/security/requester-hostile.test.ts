/**
 * The requester's side over hostile names: an application, a level, a requester and an approver
 * named with each text of the hostile corpus. Her `requests` list, the answer to her `nudge`,
 * the nudge her approver gets and the "looking at it" mark on the other approver's card carry
 * nothing live on any renderer (Slack, Teams, the terminal), and the names are still there.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { AccessBot } from '../../src/core/bot.ts';
import type { Reply } from '../../src/core/reply.ts';
import { policies, users } from '../../src/sandbox/seed.ts';
import type { Platform } from '../../src/store/store.ts';
import { replyProblems, replyShown } from '../fakes/hostile-checks.ts';
import { corpus, MARK } from '../fakes/hostile-corpus.ts';
import { actor, captureLog } from '../helpers/bot.ts';
import { DAY_MS } from '../helpers/requester-world.ts';
import { chatId, nextSweep, usePollerWorld } from '../poller/fakes.ts';

const w = usePollerWorld({ sandboxOnClock: true });

/** Grace, Ada and Alan linked on Slack, each named `text` (Grace and Ada) or as seeded. */
async function linkAll(text: string) {
  for (const [who, name] of [
    ['grace', `${text} Grace`],
    ['ada', `${text} Ada`],
    ['alan', users.alan.displayName],
  ] as const) {
    const { id, email } = users[who];
    const link = { platform: 'slack' as Platform, chatUserId: chatId(who) };
    await w.store.saveLink({
      ...link,
      accessUserId: id,
      email,
      displayName: name,
      linkedAt: new Date(0),
    });
  }
}

/** An application and level named `text`, which Ada and Alan approve; Grace's request for it. */
function hostileRequest(text: string) {
  const { state } = w.sandbox;
  const [appId, levelId] = [randomUUID(), randomUUID()];
  state.addWorkApp(
    { id: appId, name: `${text} app`, description: text },
    [{ id: levelId, name: `${text} level`, description: text }],
    [],
  );
  state.assignPolicy(appId, null, 'AccessRequest', policies.engineeringLeads.id);
  return state.createAccessRequest({
    workAppId: appId,
    userId: users.grace.id,
    permissionLevelId: levelId,
  });
}

const clean = (reply: Reply) => {
  expect(replyProblems(reply)).toEqual([]);
  expect(replyShown(reply)).toContain(MARK);
};

describe.each(corpus)('%s', (_name, text) => {
  it('stays text in her list, her nudge, the approver’s nudge and the mark on a card', async () => {
    await linkAll(text);
    const { log } = captureLog();
    const { poller } = w.poller();
    const bot = new AccessBot({
      client: w.client,
      store: w.store,
      log,
      pendingStatus: 'Pending',
      now: () => w.clock.now(),
      approvers: poller.approvers,
      nudgeAfterMs: DAY_MS,
    });
    const access = hostileRequest(text);
    await nextSweep(poller, w.clock);
    const grace = actor(users.grace.email, 'slack', chatId('grace'));
    clean(await bot.handle(grace, 'requests'));
    const nudged = await bot.handle(grace, 'nudge 1');
    expect(nudged.tone).toBe('success');
    expect(nudged.summary).toMatch(/^Nudged /);
    clean(nudged);
    const nudge = w.slack.posts.find((p) => p.message.title?.startsWith('A nudge from'));
    clean(nudge!.message);

    const adaTask = access.taskIds.find(
      (id) => w.sandbox.state.task(id).assigneeId === users.ada.id,
    );
    const ada = actor(users.ada.email, 'slack', chatId('ada'));
    expect((await bot.tasks.look(ada, adaTask!)).tone).toBe('success');
    await poller.stop();
    const marked = w.slack.updates.find((u) => JSON.stringify(u.message).includes('is looking at'));
    clean(marked!.message);
  });
});
