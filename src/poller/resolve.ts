/**
 * Decided elsewhere: a task that was notified has left an approver's pending list. Read it; if
 * it is decided (or gone), every notification about it (escalations too) is resolved with an
 * `outcome` intent — also one whose message was claimed but not yet known to be sent — and the
 * outbox edits each message to say so, retrying until the edit lands (or, where the message
 * cannot be found again, posts a one-line note after it). A task that is still
 * pending (reassigned, or skipped by a list that changed while it was read) is left alone.
 */
import type { Task } from '../access/schemas.ts';
import { found } from '../core/service-errors.ts';
import { stateOf } from '../core/task-card.ts';
import type { NotificationStore } from '../store/store.ts';
import type { PollerContext } from './context.ts';
import { kindOf } from './kinds.ts';
import { escalationOutcomeMessage, outcomeMessage, outcomeNote } from './messages.ts';
import { isBrief, isNotifyOnly } from './rules.ts';

export function findTask(ctx: PollerContext<unknown>, taskId: string): Promise<Task | undefined> {
  return found(ctx.gate.run(() => ctx.client.getTask(taskId)));
}

export async function resolveTask(
  ctx: PollerContext<NotificationStore>,
  taskId: string,
): Promise<void> {
  const task = await findTask(ctx, taskId);
  if (task && stateOf(task, ctx.pendingStatus) === 'pending') return;
  for (const n of await ctx.store.listNotifications({ taskIds: [taskId] })) {
    if (n.resolvedAt || !ctx.notifiers.has(n.platform)) continue;
    const key = { taskId, platform: n.platform, recipient: n.recipient };
    const brief = isBrief(ctx.rules, n.platform, n.recipient);
    const kind = kindOf(n.recipient);
    const outcome = kind === 'escalation' ? escalationOutcomeMessage : outcomeMessage;
    const buttons = kind === 'approver' && !(task && isNotifyOnly(task, ctx.rules));
    const body = {
      message: outcome(task, taskId, ctx.pendingStatus, brief),
      note: outcomeNote(task, taskId, ctx.pendingStatus, buttons),
    };
    const resolved = await ctx.store.resolveNotification(key, body, ctx.owner, ctx.clock.now());
    // An intent in another replica's hands stays there; that replica (or its heir) edits it.
    if (resolved?.intent?.owner === ctx.owner) await ctx.outbox.drive(resolved, false);
  }
}
