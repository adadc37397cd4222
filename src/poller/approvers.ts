/**
 * The core's "tell the approvers" port through the outbox. A decision through the bot resolves
 * every notification of its task at once, as a poll that finds it decided does (resolve.ts). A
 * nudge goes to each chat identity of
 * each approver (kind `nudge`, one per round), written in their voice, and waits for their
 * working hours, read in their time zone as for reminders: claimed now, due then, carried out by
 * whichever replica is there — and dropped unsent if the task is decided first (it follows its
 * task). A "looking at it" mark is a `look` edit of each other approver's card, its time in that
 * person's zone; the poll of a card's approver clears it once it is over (deliver.ts).
 */
import type { NudgeDelivery, TellApprovers } from '../core/notices.ts';
import { reviewersOf } from '../core/reviews/index.ts';
import { stateOf } from '../core/tasks/task-card.ts';
import type { PollerContext } from './context.ts';
import { editLook } from './deliver.ts';
import { tellers } from './hooks.ts';
import { servedLinks } from './linked-users.ts';
import { zoneOf } from './nudge-window.ts';
import { findTask, resolveAs } from './resolve.ts';
import { kindOf } from './targets.ts';
import { nextOpen, restricts } from './working-hours.ts';

/** The approvers the service does not name: those accessbot sent the task's card to. */
async function told(ctx: PollerContext, taskId: string): Promise<string[]> {
  const sent = await ctx.store.listNotifications({ taskIds: [taskId] });
  return sent.filter((n) => kindOf(n.recipient) === 'approver').map((n) => n.accessUserId);
}

/**
 * `pollSoon`: a decision polls at once the approvers whose review cards hold the task, so their
 * cards show it (core/reviews/cards.ts).
 */
export const outboxApprovers = (
  ctx: PollerContext,
  pollSoon: (accessUserIds: string[]) => Promise<void>,
): TellApprovers => ({
  async nudge({ taskId, approvers, round, message }) {
    const ids = new Set(approvers.length ? approvers : await told(ctx, taskId));
    const links = await servedLinks(ctx, ids);
    const reached: NudgeDelivery[] = [];
    for (const [accessUserId, theirs] of Map.groupBy(links, (link) => link.accessUserId)) {
      const now = ctx.clock.now();
      // Unrestricted hours need nobody's time zone: the nudge goes now.
      const at = restricts(ctx.hours) ? nextOpen(ctx.hours, now, await zoneOf(ctx, theirs)) : now;
      const nudge = { round, event: taskId, accessUserId, message, notBefore: at };
      await tellers(ctx).tell(theirs, { kind: 'nudge', ...nudge });
      const name = theirs[0]!.displayName ?? theirs[0]!.email;
      reached.push(at > now ? { name, waitsUntil: at } : { name });
    }
    return reached;
  },

  decided(taskId, task, decidedBy, taken) {
    const resolved = resolveAs(ctx, taskId, task, decidedBy, taken).catch((error: unknown) => {
      // The next poll of its approvers finds the task decided and edits what is left.
      ctx.log.warn({ err: error, taskId }, 'could not edit the messages of a decided task yet');
    });
    ctx.later(resolved);
    const reviewers = reviewersOf(ctx.store, taskId).then(async (ids) => {
      if (ids.length) await pollSoon(ids);
    });
    ctx.later(
      reviewers.catch((error: unknown) => {
        // Their next poll shows it all the same.
        ctx.log.warn({ err: error, taskId }, 'could not poll the reviewers of a decided review');
      }),
    );
  },

  async showLook(look, taskIds) {
    const cards = (await ctx.store.listNotifications({ taskIds: [...taskIds] })).filter(
      (n) =>
        kindOf(n.recipient) === 'approver' &&
        n.accessUserId !== look.accessUserId &&
        n.messageRef &&
        !n.resolvedAt &&
        ctx.notifiers.has(n.platform),
    );
    const ids = [...new Set(cards.map((n) => n.taskId))];
    const tasks = new Map(
      await Promise.all(ids.map(async (id) => [id, await findTask(ctx, id)] as const)),
    );
    for (const card of cards) {
      const task = tasks.get(card.taskId);
      if (task && stateOf(task, ctx.pendingStatus) === 'pending')
        await editLook(ctx, task, card, look);
    }
  },
});
