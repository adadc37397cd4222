/**
 * The poller's entries in the audit trail: the approver's first message about a task, each
 * reminder and escalation — written by the replica whose claim in the store won, so once each —
 * and a task found decided elsewhere. The report counts them (src/core/audit/report.ts).
 */
import type { Task } from '../access/schemas.ts';
import { recordTaskEvent, taskNamesOf } from '../core/audit/record.ts';
import { Destination } from '../core/notifier.ts';
import type { AuditStore, Platform, TaskEventEntry } from '../store/store.ts';
import type { PollerContext } from './context.ts';

/** Where a message went; `accessUserId` only for an approver's own message. */
export interface Sent {
  platform: Platform;
  /** The notifier's destination, as stored (null for notifications older than the outbox). */
  destination: unknown;
  /** The notification's recipient key: what names the chat user or channel otherwise. */
  recipient: string;
  accessUserId: string | null;
}

export function auditTask(
  ctx: PollerContext<AuditStore>,
  to: Sent,
  task: Task | undefined,
  taskId: string,
  event: Pick<TaskEventEntry, 'action' | 'outcome' | 'decidedBy'>,
): Promise<void> {
  const where = Destination.safeParse(to.destination);
  const chatUserId = !where.success
    ? to.recipient
    : where.data.kind === 'user'
      ? where.data.chatUserId
      : where.data.channelId;
  const writer = { store: ctx.store, log: ctx.log, now: () => ctx.clock.now() };
  const who = { platform: to.platform, chatUserId, accessUserId: to.accessUserId };
  return recordTaskEvent(writer, who, { taskId, ...taskNamesOf(task), ...event });
}
