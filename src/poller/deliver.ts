/**
 * One task's message to one target, exactly once: the right to send is claimed in the store
 * first, then the message is posted, then its reference is stored. A claim left without a
 * message (the sender crashed or the platform failed) is retried once it is older than the
 * retry period; a sent message gets one reminder per period while the task waits.
 */
import type { Task } from '../access/schemas.ts';
import { MessageRef, RecipientGoneError } from '../core/notifier.ts';
import type { Reply } from '../core/reply.ts';
import type { Notification, NotificationKey, NotificationStore } from '../store/store.ts';
import { ago, type PollerContext } from './context.ts';
import {
  type NewTaskOptions,
  newTaskMessage,
  reminderFollowUp,
  reminderMessage,
} from './messages.ts';
import { isNotifyOnly } from './rules.ts';
import type { Target } from './targets.ts';

const keyOf = (task: Task, target: Target): NotificationKey => ({
  taskId: task.id,
  platform: target.platform,
  recipient: target.recipient,
});

export async function deliver(
  ctx: PollerContext<NotificationStore>,
  task: Task,
  target: Target,
  accessUserId: string,
  existing: Notification | undefined,
): Promise<void> {
  const key = keyOf(task, target);
  const now = ctx.clock.now();
  if (!existing) {
    const claim = { ...key, accessUserId, claimedAt: now, claimedBy: ctx.owner };
    if (await ctx.store.claimNotification(claim)) await send(ctx, task, target, key);
    return;
  }
  if (existing.resolvedAt) return;
  if (!existing.messageRef) {
    const stale = ago(ctx, ctx.retryAfterMs);
    if (existing.claimedAt >= stale) return;
    if (!(await ctx.store.reclaimNotification(key, ctx.owner, now, stale))) return;
    ctx.log.warn(
      { taskId: task.id, platform: target.platform, claimedBy: existing.claimedBy },
      'a claimed notification was never sent; sending it now',
    );
    await send(ctx, task, target, key);
    return;
  }
  if (target.role === 'approver') await remind(ctx, task, key, existing);
}

function options(ctx: PollerContext<NotificationStore>, task: Task): NewTaskOptions {
  return { pendingStatus: ctx.pendingStatus, notifyOnly: isNotifyOnly(task, ctx.rules) };
}

async function send(
  ctx: PollerContext<NotificationStore>,
  task: Task,
  target: Target,
  key: NotificationKey,
) {
  const notifier = ctx.notifiers.get(target.platform)!;
  const message = newTaskMessage(task, target, options(ctx, task));
  const kind = target.role === 'channel' ? 'channel' : 'new';
  const posted = await attempt(ctx, key, kind, () => notifier.post(target.destination, message));
  // A failed post leaves the claim without a message, retried after the retry period; for a
  // recipient that is gone there is nothing more to do.
  if (!posted.ok) return dropIfGone(ctx, key, posted.gone);
  const sentAt = ctx.clock.now();
  await ctx.store.markNotificationSent(key, posted.value, sentAt);
  const created = Date.parse(String(task.metadata.createdAt));
  if (Number.isFinite(created) && target.role === 'approver') {
    ctx.metrics.notifyDelay.observe(Math.max(0, sentAt.getTime() - created) / 1000);
  }
}

async function remind(
  ctx: PollerContext<NotificationStore>,
  task: Task,
  key: NotificationKey,
  sent: Notification,
) {
  if (ctx.remindAfterMs <= 0) return;
  const dueBefore = ago(ctx, ctx.remindAfterMs);
  const last = sent.remindedAt ?? sent.sentAt;
  if (!last || last > dueBefore) return;
  if (!(await ctx.store.markReminded(key, ctx.clock.now(), dueBefore))) return;
  const ref = MessageRef.parse(sent.messageRef);
  const message: Reply = reminderMessage(task, options(ctx, task));
  const notifier = ctx.notifiers.get(key.platform)!;
  const updated = await attempt(ctx, key, 'reminder', () => notifier.update(ref, message));
  if (!updated.ok) return dropIfGone(ctx, key, updated.gone);
  // The edit marks the card; the follow-up is what actually notifies the person.
  const nudged = await attempt(ctx, key, 'reminder_follow_up', () =>
    notifier.followUp(ref, reminderFollowUp(task)),
  );
  if (!nudged.ok) await dropIfGone(ctx, key, nudged.gone);
}

async function dropIfGone(
  ctx: PollerContext<NotificationStore>,
  key: NotificationKey,
  gone: boolean,
) {
  if (gone) await ctx.store.resolveNotification(key, ctx.clock.now());
}

export type Attempt<T> = { ok: true; value: T } | { ok: false; gone: boolean };

/** Runs one platform call for a notification, counting and logging it. */
export async function attempt<T>(
  ctx: PollerContext<unknown>,
  key: NotificationKey,
  kind: string,
  call: () => Promise<T>,
): Promise<Attempt<T>> {
  const labels = { platform: key.platform, kind };
  try {
    const value = await call();
    ctx.metrics.notifications.inc({ ...labels, outcome: 'sent' });
    return { ok: true, value };
  } catch (error) {
    const gone = error instanceof RecipientGoneError;
    ctx.metrics.notifications.inc({ ...labels, outcome: gone ? 'gone' : 'failed' });
    if (gone) ctx.log.info({ err: error, ...key, kind }, 'the recipient is gone');
    else ctx.log.warn({ err: error, ...key, kind }, 'could not post or update a message');
    return { ok: false, gone };
  }
}
