/**
 * An approver away, as their poll finds them: each task waiting on them is remembered (the
 * report counts how long); the first time, the other approvers of its request hear it (kind
 * `away`, once per away period each, about their own task, shared or not), and every card of the
 * request shows it. Their escalation is posted at once by escalate.ts. A task that left their list ends its
 * wait. Nobody is given the task: the others already could decide it.
 */
import type { Task } from '../access/schemas.ts';
import { awayLine } from '../core/asks/notes.ts';
import { subjectOf } from '../core/subject.ts';
import { stateOf } from '../core/tasks/task-card.ts';
import type { Away, Notification } from '../store/store.ts';
import { showAround } from './cards.ts';
import type { PollerContext } from './context.ts';
import { kindOf } from './kinds.ts';
import { servedLinks } from './linked-users.ts';
import { awayNoticeMessage } from './messages.ts';
import { findTask } from './resolve.ts';
import { directTargets, voiceOf } from './targets.ts';

export async function seeToAway(ctx: PollerContext, away: Away, tasks: readonly Task[]) {
  const now = ctx.clock.now();
  const waits = tasks.map((t) => ({ taskId: t.id, subject: subjectOf(t) }));
  const noted = await ctx.store.noteAwayWaits(away, waits, now);
  await ctx.store.endAwayWaits(
    away.accessUserId,
    now,
    tasks.map((t) => t.id),
  );
  const untold = noted.filter((w) => !w.toldAt);
  if (!untold.length) return;
  const byId = new Map(tasks.map((t) => [t.id, t]));
  for (const wait of untold) {
    const task = byId.get(wait.taskId);
    if (!task) continue;
    const request = await ctx.store.requestTasksOf(task.id);
    await tellOthers(ctx, away, request);
    await showAround(ctx, request);
  }
  // Told: a replica that died before this tells them again, and the outbox sends each once.
  await ctx.store.markAwayWaitsTold(
    away,
    untold.map((w) => w.taskId),
    now,
  );
}

/**
 * Each other approver of the request who is not away hears it, about their own task: the away
 * one's own task too, when the service lists it to them as well.
 */
async function tellOthers(ctx: PollerContext, away: Away, request: string[]) {
  const gone = new Set((await ctx.store.listAway(ctx.clock.now())).map((a) => a.accessUserId));
  gone.add(away.accessUserId);
  const theirs = new Map<string, Notification>();
  for (const n of await ctx.store.listNotifications({ taskIds: request })) {
    const approver = kindOf(n.recipient) === 'approver' && !n.resolvedAt;
    if (approver && !gone.has(n.accessUserId)) theirs.set(n.accessUserId, n);
  }
  if (!theirs.size) return;
  const links = await servedLinks(ctx, theirs.keys());
  const round = String(away.sinceAt.getTime());
  const tasks = new Map<string, Task | undefined>();
  for (const link of links) {
    // Their own task, so that what the notice names is theirs to decide.
    const event = theirs.get(link.accessUserId)!.taskId;
    if (!tasks.has(event)) tasks.set(event, await findTask(ctx, event));
    const own = tasks.get(event);
    if (!own || stateOf(own, ctx.pendingStatus) !== 'pending') continue;
    const [target] = directTargets([link], 'away', round);
    const v = await voiceOf(ctx, target!.platform, target!.destination);
    const line = awayLine(v, away);
    const message = awayNoticeMessage(v, own, { name: away.name, line }, ctx.pendingStatus);
    await ctx.outbox.send({ event, target: target!, accessUserId: link.accessUserId, message });
  }
}
