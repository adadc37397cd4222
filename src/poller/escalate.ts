/**
 * Escalation: a task still pending `ESCALATE_AFTER` after accessbot first found it waiting for an
 * approver is posted to its escalation channels (the rules' `escalations`, else
 * `defaultEscalation`) with how long it has waited and whom it waits for. Each post is a
 * notification like any other — claimed in the store, then carried out by the outbox — so it goes
 * out once per task and channel whatever replica dies at whatever instant, and it is updated to
 * the outcome when the task is decided (resolve.ts). It waits for the working hours of the
 * approver whose poll finds it due. An away approver's tasks are escalated at once, and the post
 * says who is away until when.
 */
import type { Task } from '../access/schemas.ts';
import { taskFacts } from '../access/task-facts.ts';
import { awayLine } from '../core/asks/notes.ts';
import { ago } from '../core/clock.ts';
import { subjectOf } from '../core/subject.ts';
import type { AuditStore, AwayStore, Notification, NotificationStore } from '../store/store.ts';
import type { PollerContext } from './context.ts';
import { claimAndDrive } from './deliver.ts';
import { kindOf } from './kinds.ts';
import { escalationMessage } from './messages.ts';
import type { NudgeWindow } from './nudge-window.ts';
import { isBrief } from './rules.ts';
import { escalationTargets, voiceOf } from './targets.ts';

export interface EscalationCheck {
  /** The approver whose poll found the task in their list. */
  accessUserId: string;
  /** Every notification of the task, as the poll found them. */
  notifications: readonly Notification[];
  nudgeable: NudgeWindow;
  /** An approver's name as the bot knows it. */
  nameOf: (accessUserId: string) => Promise<string | undefined>;
  /** The approver is away: escalated now, whatever ESCALATE_AFTER says. */
  atOnce?: boolean;
}

export async function escalate(
  ctx: PollerContext<NotificationStore & AuditStore & AwayStore>,
  task: Task,
  check: EscalationCheck,
): Promise<void> {
  if (ctx.escalateAfterMs <= 0 && !check.atOnce) return;
  const { notifications } = check;
  const claimed = new Set(notifications.map((n) => `${n.platform}:${n.recipient}`));
  const targets = escalationTargets(task, ctx.rules, new Set(ctx.notifiers.keys())).filter(
    (t) => !claimed.has(`${t.platform}:${t.recipient}`),
  );
  if (!targets.length) return;
  // Counted from the first message to an approver: a backlog found on the first day of the bot
  // is not escalated at once, and every approver had the whole period to act.
  const mine = notifications.filter((n) => kindOf(n.recipient) === 'approver');
  const firstMs = Math.min(...mine.map((n) => n.claimedAt.getTime()));
  if (!Number.isFinite(firstMs)) return;
  if (!check.atOnce && firstMs > ago(ctx.clock, ctx.escalateAfterMs).getTime()) return;
  if (!(await check.nudgeable())) return;
  const away = await ctx.store.awayOn([subjectOf(task)]);

  const { createdAt } = taskFacts(task);
  const since = createdAt ? Math.min(Date.parse(createdAt), firstMs) : firstMs;
  const names = await Promise.all([...new Set(mine.map((n) => n.accessUserId))].map(check.nameOf));
  const approvers = names.filter((name) => name !== undefined);
  for (const target of targets) {
    const v = await voiceOf(ctx, target.platform, target.destination);
    const message = escalationMessage(v, task, {
      pendingStatus: ctx.pendingStatus,
      waitedMs: ctx.clock.now().getTime() - since,
      approvers,
      brief: isBrief(ctx.rules, target.platform, target.recipient),
      notes: away.map((a) => awayLine(v, a)),
    });
    await claimAndDrive(ctx, task, target, check.accessUserId, message);
  }
}
