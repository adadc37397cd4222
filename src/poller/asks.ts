/**
 * The core's questions and absences through the outbox. A question goes to each chat identity of
 * its requester (kind `question`, one per question), follows the asker's task (its outcome edits
 * it when it is decided unanswered) and, once answered, is edited to its answer for good; the
 * asker hears the answer once (kind `answer`). Whatever changes around a request (a question, an
 * answer, an approver away or back) makes its cards due an edit, made now where a card is free
 * and by its approver's next poll where it is not, so no card is left showing what is over.
 */
import type { TellAsks } from '../core/notices.ts';
import { showAround } from './cards.ts';
import type { PollerContext } from './context.ts';
import { kindOf } from './kinds.ts';
import { servedLinks } from './linked-users.ts';
import { keyOf } from './notification.ts';
import { destinationOf, directTargets, voiceOf } from './targets.ts';

/** `pollNow` makes these people due a poll now (the webhook's fast path). */
export function outboxAsks(
  ctx: PollerContext,
  pollNow: (accessUserIds: string[]) => Promise<void>,
): TellAsks {
  const linksOf = (accessUserId: string) => servedLinks(ctx, [accessUserId]);
  return {
    async reaches(accessUserId) {
      return (await linksOf(accessUserId)).length > 0;
    },

    async ask(q, message) {
      for (const target of directTargets(await linksOf(q.requesterId), 'question', q.id)) {
        const v = await voiceOf(ctx, target.platform, target.destination);
        // The asker's: it is resolved with the asker's task when that leaves their list.
        const out = { event: q.taskId, target, accessUserId: q.askedBy, message: message(v) };
        await ctx.outbox.send(out);
      }
    },

    async answered(q, shown, told) {
      const asked = (await ctx.store.listNotifications({ taskIds: [q.taskId] })).filter(
        (n) => kindOf(n.recipient) === 'question' && n.recipient.startsWith(`question:${q.id}:`),
      );
      for (const n of asked) {
        if (n.resolvedAt || !ctx.notifiers.has(n.platform)) continue;
        const v = await voiceOf(ctx, n.platform, destinationOf(n));
        // Resolved: its message shows the answer for good, or, never posted, is dropped unsent.
        const resolved = await ctx.store.resolveNotification(
          keyOf(n),
          { message: shown(v) },
          ctx.owner,
          ctx.clock.now(),
        );
        if (resolved?.intent?.owner === ctx.owner) await ctx.outbox.drive(resolved, false);
      }
      for (const target of directTargets(await linksOf(q.askedBy), 'answer')) {
        const v = await voiceOf(ctx, target.platform, target.destination);
        await ctx.outbox.send({ event: q.id, target, accessUserId: q.askedBy, message: told(v) });
      }
    },

    showAround: (taskIds) => showAround(ctx, taskIds),

    async awayChanged(accessUserId) {
      const now = ctx.clock.now();
      const away = (await ctx.store.listAway(now)).some((a) => a.accessUserId === accessUserId);
      // Back: their waits end. Still away (a new day): the cards show the new one.
      const waits = away
        ? await ctx.store.openAwayWaits(accessUserId)
        : await ctx.store.endAwayWaits(accessUserId, now, []);
      for (const wait of waits) await showAround(ctx, await ctx.store.requestTasksOf(wait.taskId));
      await pollNow([accessUserId]);
    },
  };
}
