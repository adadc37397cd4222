/**
 * One task's message to one target, exactly once: the notification and its `post` intent are
 * claimed in the store first (one replica wins), then the outbox posts it and stores its
 * reference. Whatever happens after the claim, the outbox finishes it (outbox.ts). A sent
 * message gets one reminder per period while the task waits, in the approver's working hours.
 */
import type { Task } from '../access/schemas.ts';
import { ago } from '../core/clock.ts';
import type { Notification, NotificationStore } from '../store/store.ts';
import type { PollerContext } from './context.ts';
import {
  type NewTaskOptions,
  newTaskMessage,
  reminderFollowUp,
  reminderMessage,
} from './messages.ts';
import type { NudgeWindow } from './nudge-window.ts';
import { isBrief, isNotifyOnly } from './rules.ts';
import type { Target } from './targets.ts';

export async function deliver(
  ctx: PollerContext<NotificationStore>,
  task: Task,
  target: Target,
  accessUserId: string,
  existing: Notification | undefined,
  nudgeable: NudgeWindow,
): Promise<void> {
  if (!existing) {
    const brief = isBrief(ctx.rules, target.platform, target.recipient);
    const message = newTaskMessage(task, target, { ...options(ctx, task), brief });
    const created = Date.parse(String(task.metadata.createdAt));
    const out = { event: task.id, target, accessUserId, message };
    await ctx.outbox.send(out, (sentAt) => {
      if (Number.isFinite(created) && target.kind === 'approver') {
        ctx.metrics.notifyDelay.observe(Math.max(0, sentAt.getTime() - created) / 1000);
      }
    });
    return;
  }
  // Unsent, or an edit under way: the outbox carries it.
  if (existing.resolvedAt || existing.intent || !existing.messageRef) return;
  if (target.kind === 'approver') await remind(ctx, task, existing, nudgeable);
}

function options(ctx: PollerContext<unknown>, task: Task): NewTaskOptions {
  return { pendingStatus: ctx.pendingStatus, notifyOnly: isNotifyOnly(task, ctx.rules) };
}

async function remind(
  ctx: PollerContext<NotificationStore>,
  task: Task,
  sent: Notification,
  nudgeable: NudgeWindow,
) {
  if (ctx.remindAfterMs <= 0) return;
  const dueBefore = ago(ctx.clock, ctx.remindAfterMs);
  const last = sent.remindedAt ?? sent.sentAt;
  if (!last || last > dueBefore) return;
  // Due during quiet hours or a weekend: it waits, and a later poll sends it.
  if (!(await nudgeable())) return;
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
