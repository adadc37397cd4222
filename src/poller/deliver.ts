/**
 * One task's message to one target, exactly once: the notification and its `post` intent are
 * claimed in the store first (one replica wins), then the outbox posts it and stores its
 * reference. Whatever happens after the claim, the outbox finishes it (outbox.ts). A sent
 * message gets one reminder per period while the task waits, in the approver's working hours,
 * and loses another approver's "looking at it" mark once the mark is over. An access request's
 * task found for an approver is remembered under its requester (their `requests` list).
 */
import { type Task, TaskTypes, taskFacts } from '../access/schemas.ts';
import { awaitsAnswer } from '../core/asks/ask.ts';
import { ago } from '../core/clock.ts';
import type { Voice } from '../core/i18n/voice.ts';
import type { Reply } from '../core/reply.ts';
import { subjectOf } from '../core/subject.ts';
import type { CardExtras } from '../core/tasks/decision-context.ts';
import { stateOf } from '../core/tasks/task-card.ts';
import type {
  AuditStore,
  Look,
  Notification,
  NotificationStore,
  RequesterStore,
} from '../store/store.ts';
import { auditTask } from './audit.ts';
import {
  approverOptions,
  behind,
  bringUpToDate,
  type CardStore,
  cardNow,
  driveEdit,
  options,
} from './cards.ts';
import type { PollerContext } from './context.ts';
import { newTaskMessage, reminderFollowUp } from './messages.ts';
import { keyOf } from './notification.ts';
import type { NudgeWindow } from './nudge-window.ts';
import { findTask } from './resolve.ts';
import { isBrief } from './rules.ts';
import { type Target, voiceOf } from './targets.ts';

const DAY_MS = 86_400_000;

type DeliverStore = NotificationStore & AuditStore & RequesterStore & CardStore;

/** What a poll knows of the card's approver: whether they are away (reminders skip them). */
export interface Approver {
  accessUserId: string;
  away: boolean;
  /** When their daily digest last showed the task, if it did: a reminder counts it. */
  shownAt?: (taskId: string) => Date | undefined;
  /** `digest daily`: a new task waits for their digest, with no card of its own. */
  held?: boolean;
}

export async function deliver(
  ctx: PollerContext<DeliverStore>,
  task: Task,
  target: Target,
  approver: Approver,
  existing: Notification | undefined,
  nudgeable: NudgeWindow,
): Promise<void> {
  const { accessUserId } = approver;
  if (!existing) {
    const mine = target.kind === 'approver';
    if (mine) await noteRequest(ctx, task);
    if (mine && approver.held) return;
    const brief = isBrief(ctx.rules, target.platform, target.recipient);
    // An approver's card waits a little for what it shows beside the task, never for long.
    const v = await voiceOf(ctx, target.platform, target.destination);
    const looked = mine ? await ctx.context?.forApprover(task, v) : undefined;
    const o = mine
      ? await approverOptions(ctx, task, accessUserId, v, looked?.now)
      : options(ctx, task);
    const message = newTaskMessage(v, task, target, { ...o, brief });
    const created = Date.parse(String(task.metadata.createdAt));
    const claimed = await claimAndDrive(ctx, task, target, accessUserId, message, (sentAt) => {
      if (Number.isFinite(created) && target.kind === 'approver') {
        ctx.metrics.notifyDelay.observe(Math.max(0, sentAt.getTime() - created) / 1000);
      }
    });
    const { later } = looked ?? {};
    if (claimed && later) {
      ctx.later(later.then((extras) => complete(ctx, task, target, accessUserId, v, extras)));
    }
    return;
  }
  // Unsent, or an edit under way: the outbox carries it.
  if (existing.resolvedAt || existing.intent || !existing.messageRef) return;
  if (target.kind !== 'approver') return;
  const markOver = existing.lookEndsAt && existing.lookEndsAt <= ctx.clock.now();
  if (markOver) await editLook(ctx, task, existing, undefined);
  else if (behind(existing)) await bringUpToDate(ctx, task, existing);
  else if (!approver.away)
    await remind(ctx, task, existing, nudgeable, approver.shownAt?.(task.id));
}

/**
 * The request of an access request's task, remembered under its requester (once): by its access
 * id, or by the task's own when the service names no access.
 */
async function noteRequest(ctx: PollerContext<RequesterStore>, task: Task): Promise<void> {
  const f = taskFacts(task);
  if (task.type !== TaskTypes.accessRequest || !f.requestedBy || !f.workAppId) return;
  const requestedAt = f.createdAt ? new Date(f.createdAt) : ctx.clock.now();
  const request = {
    accessId: subjectOf(task),
    accessUserId: f.requestedBy,
    workAppId: f.workAppId,
  };
  await ctx.store.noteRequestTask({ ...request, requestedAt }, task.id).catch((error: unknown) => {
    // Only the requester's list misses it; the card goes out all the same.
    ctx.log.warn({ err: error, taskId: task.id }, 'could not remember the request of a task');
  });
}

/**
 * Edits a sent card to show another approver's mark (in its viewer's voice and zone), or none,
 * unless something else is under way for it. The card is as it stands: the reminder's lead once
 * reminded, what its approver sees beside the task.
 */
export async function editLook(
  ctx: PollerContext<NotificationStore & CardStore>,
  task: Task,
  sent: Notification,
  look: Pick<Look, 'name' | 'sinceAt' | 'untilAt'> | undefined,
): Promise<void> {
  const { message } = await cardNow(ctx, task, sent, look ?? null);
  const { owner, clock } = ctx;
  const endsAt = look?.untilAt ?? null;
  if (await ctx.store.lookNotification(keyOf(sent), { message }, owner, clock.now(), endsAt)) {
    ctx.later(driveEdit(ctx, sent));
  }
}

/**
 * The card went out before all of its context had come in: once it has, the card is edited to
 * show it — if the task still waits (read again, so a decision made meanwhile is not undone),
 * the message was sent, and nothing else is under way for it.
 */
async function complete(
  ctx: PollerContext<NotificationStore & CardStore>,
  sent: Task,
  target: Target,
  viewer: string,
  v: Voice,
  extras: CardExtras,
): Promise<void> {
  try {
    const task = await findTask(ctx, sent.id);
    if (!task || stateOf(task, ctx.pendingStatus) !== 'pending') return;
    const o = await approverOptions(ctx, task, viewer, v, extras);
    const message = newTaskMessage(v, task, target, o);
    const key = { taskId: task.id, platform: target.platform, recipient: target.recipient };
    if (await ctx.store.refreshNotification(key, { message }, ctx.owner, ctx.clock.now())) {
      await driveEdit(ctx, key);
    }
  } catch (error) {
    ctx.log.warn({ err: error, taskId: sent.id }, 'could not complete a card with its context');
  }
}

/**
 * Sends `message` about `task` to `target` once, through the outbox. The approver's first
 * message and an escalation are audited by the replica whose claim won, before the post. True
 * when this call claimed it.
 */
export function claimAndDrive(
  ctx: PollerContext<NotificationStore & AuditStore>,
  task: Task,
  target: Target,
  accessUserId: string,
  message: Reply,
  onPosted?: (at: Date) => void,
): Promise<boolean> {
  const claimed = async () => {
    if (target.kind === 'channel') return;
    const approver = target.kind === 'approver';
    const to = { ...target, accessUserId: approver ? accessUserId : null };
    const action = approver ? 'notify' : 'escalate';
    await auditTask(ctx, to, task, task.id, { action, outcome: 'queued' });
  };
  const out = { event: task.id, target, accessUserId, message };
  return ctx.outbox.send(out, { claimed, posted: onPosted });
}

async function remind(
  ctx: PollerContext<NotificationStore & AuditStore & CardStore>,
  task: Task,
  sent: Notification,
  nudgeable: NudgeWindow,
  shownAt: Date | undefined,
) {
  if (ctx.remindAfterMs <= 0) return;
  const dueBefore = ago(ctx.clock, ctx.remindAfterMs);
  const last = sent.remindedAt ?? sent.sentAt;
  if (!last || last > dueBefore) return;
  // Their daily digest showed it within a day: that was its nudge (the next digest is the next).
  if (shownAt && shownAt > ago(ctx.clock, DAY_MS)) return;
  // The approver asked the requester a question: they wait for its answer (up to a limit).
  if (await awaitsAnswer(ctx.store, subjectOf(task), sent.accessUserId, ctx.clock.now())) return;
  // Due during quiet hours or a weekend: it waits, and a later poll sends it.
  if (!(await nudgeable())) return;
  const key = { taskId: sent.taskId, platform: sent.platform, recipient: sent.recipient };
  // The edit marks the card; the follow-up is what actually notifies the person. The card keeps
  // what the approver sees beside the task, as far as it comes in time (no later edit here).
  const { v, message } = await cardNow(ctx, task, { ...sent, remindedAt: ctx.clock.now() });
  const body = { message, followUp: reminderFollowUp(v, task) };
  const now = ctx.clock.now();
  if (!(await ctx.store.remindNotification(key, body, ctx.owner, now, dueBefore))) return;
  await auditTask(ctx, sent, task, task.id, { action: 'remind', outcome: 'queued' });
  await driveEdit(ctx, key);
}
