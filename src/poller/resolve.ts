/**
 * Decided elsewhere: a task that was notified has left an approver's pending list. Read it; if
 * it is decided (or gone), every message sent about it is updated to say so, each exactly once
 * across replicas. A task that is still pending (reassigned, or skipped by a list that changed
 * while it was read) is left alone.
 */
import { NotFoundError } from '../access/errors.ts';
import type { Task } from '../access/schemas.ts';
import { MessageRef } from '../core/notifier.ts';
import { stateOf } from '../core/task-card.ts';
import type { NotificationStore } from '../store/store.ts';
import type { PollerContext } from './context.ts';
import { attempt } from './deliver.ts';
import { outcomeMessage } from './messages.ts';

export async function findTask(
  ctx: PollerContext<unknown>,
  taskId: string,
): Promise<Task | undefined> {
  try {
    return await ctx.gate.run(() => ctx.client.getTask(taskId));
  } catch (error) {
    if (error instanceof NotFoundError) return undefined;
    throw error;
  }
}

export async function resolveTask(
  ctx: PollerContext<NotificationStore>,
  taskId: string,
): Promise<void> {
  const task = await findTask(ctx, taskId);
  if (task && stateOf(task, ctx.pendingStatus) === 'pending') return;
  const message = outcomeMessage(task, taskId, ctx.pendingStatus);
  for (const sent of await ctx.store.listNotifications({ taskIds: [taskId] })) {
    const notifier = ctx.notifiers.get(sent.platform);
    if (!notifier || !sent.messageRef || sent.resolvedAt) continue;
    const key = { taskId, platform: sent.platform, recipient: sent.recipient };
    if (!(await ctx.store.resolveNotification(key, ctx.clock.now()))) continue;
    const ref = MessageRef.parse(sent.messageRef);
    const updated = await attempt(ctx, key, 'outcome', () => notifier.update(ref, message));
    // Given back, so that the next poll of this approver tries the update again.
    if (!updated.ok && !updated.gone) await ctx.store.reopenNotification(key);
  }
}
