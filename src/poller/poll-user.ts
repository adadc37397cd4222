/**
 * One poll of one Access user: read their pending tasks (every page), make sure each has reached
 * its targets (reminded and escalated in their working hours once it waits long enough), update
 * the messages of notified tasks that have left the list, and tell them the outcome of their own
 * requests.
 */
import { type Task, taskFacts } from '../access/schemas.ts';
import { seeToAway } from '../core/away/waits.ts';
import { holdsNewTasks, nextDigestAt, sendDigest, shownInDigest } from '../core/digest/index.ts';
import { checkRequests } from '../core/requests/outcome.ts';
import { onReviewCard, seeToReviews } from '../core/reviews/index.ts';
import { escalate } from '../core/tasks/escalate.ts';
import { completeDecided } from '../core/workflow/outcome.ts';
import type {
  Away,
  BotRequest,
  DigestChoice,
  DuePoll,
  IdentityLink,
  Notification,
} from '../store/store.ts';
import { missedDelivery, type PollFindings } from './cadence.ts';
import type { PollerContext } from './context.ts';
import { deliver } from './deliver.ts';
import { sweepOf } from './hooks.ts';
import { idOf } from './notification.ts';
import { nudgeWindow, zoneOf } from './nudge-window.ts';
import { resolveTask } from './resolve.ts';
import { followsOneTask, kindOf, targetsFor } from './targets.ts';
import { outboxWorkflows } from './workflows.ts';

export interface PolledUser {
  accessUserId: string;
  links: readonly IdentityLink[];
  /** Their requests made through the bot whose outcome is not sent yet. */
  requests: readonly BotRequest[];
  /** Their absence that lasts, if any: reminders skip them, their tasks escalate at once. */
  away?: Away;
  /** Their daily digest, if they chose one (not `off`). */
  digest?: DigestChoice;
  /** Why they are polled now, and their previous poll. */
  due: Pick<DuePoll, 'reason' | 'polledAt'>;
  /** With webhooks: how long after its creation a task should have come through a delivery. */
  deliveredWithinMs?: number;
}

/**
 * Tasks found in the user's list for the first time are remembered as theirs, so that they may
 * still see them (decided, or gone) once they have left the list; known ones cost nothing.
 */
async function rememberNew(
  ctx: PollerContext,
  accessUserId: string,
  tasks: readonly Task[],
  known: readonly Notification[],
): Promise<void> {
  const seen = new Set(known.filter((n) => n.accessUserId === accessUserId).map((n) => n.taskId));
  const fresh = tasks.map((t) => t.id).filter((id) => !seen.has(id));
  if (fresh.length) await ctx.store.rememberTasks(accessUserId, fresh, ctx.clock.now());
}

/**
 * When a reminder or an escalation of their waiting tasks next falls due, if one will: counted
 * from the messages as the poll found them (one already due waits for working hours, and is not
 * a reason to poll sooner).
 */
function nextNudgeAt(
  ctx: PollerContext,
  accessUserId: string,
  known: readonly Notification[],
  pending: ReadonlySet<string>,
): Date | undefined {
  const now = ctx.clock.now().getTime();
  const waiting = known.filter(
    (n) => pending.has(n.taskId) && !n.resolvedAt && kindOf(n.recipient) === 'approver',
  );
  const times = waiting.flatMap((n) => [
    ...(ctx.remindAfterMs > 0 && n.sentAt && n.accessUserId === accessUserId
      ? [(n.remindedAt ?? n.sentAt).getTime() + ctx.remindAfterMs]
      : []),
    ...(ctx.escalateAfterMs > 0 ? [n.claimedAt.getTime() + ctx.escalateAfterMs] : []),
  ]);
  const next = Math.min(...times.filter((t) => t > now));
  return Number.isFinite(next) ? new Date(next) : undefined;
}

export async function pollUser(ctx: PollerContext, user: PolledUser): Promise<PollFindings> {
  const { accessUserId, links, requests, away, digest } = user;
  let readAt = ctx.clock.now();
  const tasks = await ctx.gate.run(() => {
    readAt = ctx.clock.now();
    return Array.fromAsync(ctx.client.listTasks(accessUserId, ctx.pendingStatus));
  });
  const pending = new Set(tasks.map((t) => t.id));
  const known = await ctx.store.listNotifications({ taskIds: [...pending], openFor: accessUserId });
  const byKey = new Map(known.map((n) => [idOf(n), n]));
  const byTask = Map.groupBy(known, (n) => n.taskId);
  const served = new Set(ctx.notifiers.keys());
  await rememberNew(ctx, accessUserId, tasks, known);

  const mine = links.filter((link) => served.has(link.platform));
  const nudgeable = nudgeWindow(ctx, accessUserId, mine);
  const approver = {
    accessUserId,
    away: away !== undefined,
    shownAt: (taskId: string) => shownInDigest(digest, taskId),
    held: holdsNewTasks(digest),
  };
  const sweep = sweepOf(ctx);
  // First, so that what is sent below (an escalation) says who is away.
  if (away) await seeToAway(sweep, away, tasks);
  for (const task of tasks) {
    for (const target of targetsFor(task, mine, ctx.rules, served)) {
      // An approver's access reviews come in one card per application and level (below).
      if (target.kind === 'approver' && onReviewCard(task)) continue;
      const existing = byKey.get(idOf({ taskId: task.id, ...target }));
      await deliver(ctx, task, target, approver, existing, nudgeable);
    }
    const notifications = byTask.get(task.id) ?? [];
    const { held } = approver;
    const check = { accessUserId, notifications, nudgeable, atOnce: approver.away, held };
    // A review's card is reminded and escalated by its due date instead.
    if (!onReviewCard(task)) await escalate(sweep, task, check);
  }
  const open = known.filter((n) => n.accessUserId === accessUserId && !n.resolvedAt);
  const zone = () => zoneOf(ctx, mine);
  const reviewer = { accessUserId, links: mine, held: approver.held, nudgeable, zone };
  await seeToReviews(sweep, { ...reviewer, tasks, open });

  // Also the ones whose message is not known to be sent: a decision must reach them too.
  const left = open.filter((n) => !pending.has(n.taskId) && followsOneTask(n));
  for (const taskId of new Set(left.map((n) => n.taskId))) await resolveTask(ctx, taskId);

  if (requests.length) {
    const hook = { workflows: outboxWorkflows(ctx), voices: ctx.voices };
    await checkRequests(sweep, requests, mine, (decided) => completeDecided(sweep, hook, decided));
  }
  // Their zone is asked only of people with a digest (the notifier keeps it).
  const digestZone = digest && (await zoneOf(ctx, mine));
  if (digest && digestZone) {
    const { context } = ctx;
    const sensitivities = context && ((t: readonly Task[]) => context.sensitivities(t));
    const round = { choice: digest, links: mine, tasks, away: approver.away, zone: digestZone };
    await sendDigest(sweep, { ...round, ...(sensitivities && { sensitivities }) });
  }

  const now = ctx.clock.now();
  const within = user.deliveredWithinMs;
  const missed =
    within !== undefined &&
    tasks.some(
      (t) =>
        !byTask.has(t.id) && missedDelivery(user.due, dateOf(taskFacts(t).createdAt), now, within),
    );
  const active = tasks.length > 0 || requests.length > 0;
  const nudgeAt = nextNudgeAt(ctx, accessUserId, known, pending);
  const digestAt = digest && digestZone ? nextDigestAt(digest, now, digestZone) : undefined;
  return { readAt, active, missed, nudgeAt: earliest(nudgeAt, digestAt) };
}

const dateOf = (iso: string | undefined) => (iso ? new Date(iso) : undefined);

const earliest = (...dates: Array<Date | undefined>) =>
  dates.reduce((a, b) => (a && b ? (a < b ? a : b) : (a ?? b)), undefined);
