/**
 * One task's message to one target, exactly once: the notification and its `post` intent are
 * claimed in the store first (one replica wins), then the outbox posts it and stores its
 * reference. Whatever happens after the claim, the outbox finishes it (outbox.ts). A sent
 * message gets one reminder per period while the task waits.
 */
import { randomUUID } from 'node:crypto';
import type { Task } from '../access/schemas.ts';
import type { Notification, NotificationClaim, NotificationStore } from '../store/store.ts';
import { ago, type PollerContext } from './context.ts';
import {
  type NewTaskOptions,
  newTaskMessage,
  reminderFollowUp,
  reminderMessage,
} from './messages.ts';
import { isNotifyOnly } from './rules.ts';
import type { Target } from './targets.ts';

export async function deliver(
  ctx: PollerContext<NotificationStore>,
  task: Task,
  target: Target,
  accessUserId: string,
  existing: Notification | undefined,
): Promise<void> {
  if (!existing) return claimAndSend(ctx, task, target, accessUserId);
  // Unsent, or an edit under way: the outbox carries it.
  if (existing.resolvedAt || existing.intent || !existing.messageRef) return;
  if (target.role === 'approver') await remind(ctx, task, existing);
}

function options(ctx: PollerContext<unknown>, task: Task): NewTaskOptions {
  return { pendingStatus: ctx.pendingStatus, notifyOnly: isNotifyOnly(task, ctx.rules) };
}

async function claimAndSend(
  ctx: PollerContext<NotificationStore>,
  task: Task,
  target: Target,
  accessUserId: string,
) {
  const now = ctx.clock.now();
  const claim: NotificationClaim = {
    taskId: task.id,
    platform: target.platform,
    recipient: target.recipient,
    accessUserId,
    claimedAt: now,
    claimedBy: ctx.owner,
    deliveryId: randomUUID(),
    destination: target.destination,
    body: { message: newTaskMessage(task, target, options(ctx, task)) },
  };
  if (!(await ctx.store.claimNotification(claim))) return;
  const { body, ...rest } = claim;
  const claimed: Notification = {
    ...rest,
    messageRef: null,
    sentAt: null,
    remindedAt: null,
    resolvedAt: null,
    intent: { kind: 'post', body, owner: ctx.owner, ownedAt: now, dueAt: now, attempts: 0, seq: 1 },
  };
  const created = Date.parse(String(task.metadata.createdAt));
  await ctx.outbox.drive(claimed, true, (sentAt) => {
    if (Number.isFinite(created) && target.role === 'approver') {
      ctx.metrics.notifyDelay.observe(Math.max(0, sentAt.getTime() - created) / 1000);
    }
  });
}

async function remind(ctx: PollerContext<NotificationStore>, task: Task, sent: Notification) {
  if (ctx.remindAfterMs <= 0) return;
  const dueBefore = ago(ctx, ctx.remindAfterMs);
  const last = sent.remindedAt ?? sent.sentAt;
  if (!last || last > dueBefore) return;
  const key = { taskId: sent.taskId, platform: sent.platform, recipient: sent.recipient };
  // The edit marks the card; the follow-up is what actually notifies the person.
  const body = {
    message: reminderMessage(task, options(ctx, task)),
    followUp: reminderFollowUp(task),
  };
  const now = ctx.clock.now();
  if (!(await ctx.store.remindNotification(key, body, ctx.owner, now, dueBefore))) return;
  const [reminded] = (await ctx.store.listNotifications({ taskIds: [task.id] })).filter(
    (n) => n.platform === key.platform && n.recipient === key.recipient,
  );
  if (reminded) await ctx.outbox.drive(reminded, true);
}
