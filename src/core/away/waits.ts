/**
 * An approver away, as their poll finds them: each task waiting on them is remembered (the
 * report counts how long); the first time, the other approvers of its request hear it (kind
 * `away`, once per absence each, named by its person and day: `back` and `away` again to the day
 * tell nobody anew), and every card of the request shows it. Their escalation is posted at once
 * (tasks/escalate.ts). A task that left their list ends its wait. Nobody is given the task.
 */
import type { Task } from '../../access/schemas.ts';
import type { Away, NotificationStore, RequesterStore } from '../../store/store.ts';
import { awayLine } from '../asks/index.ts';
import type { Voice } from '../i18n/voice.ts';
import { type Reply, warning } from '../reply.ts';
import { subjectOf } from '../subject.ts';
import type { Sweep } from '../sweep.ts';
import { stateOf, taskCard } from '../tasks/index.ts';
import { inert } from '../text.ts';
import type { AwayStore } from './store.ts';

type WaitsSweep = Sweep<AwayStore & NotificationStore & RequesterStore>;

export async function seeToAway(sweep: WaitsSweep, away: Away, tasks: readonly Task[]) {
  const now = sweep.clock.now();
  const waits = tasks.map((t) => ({ taskId: t.id, subject: subjectOf(t) }));
  const noted = await sweep.store.noteAwayWaits(away, waits, now);
  await sweep.store.endAwayWaits(
    away.accessUserId,
    now,
    waits.map((w) => w.taskId),
  );
  const untold = noted.filter((w) => !w.toldAt).map((w) => w.taskId);
  if (!untold.length) return;
  for (const taskId of untold) {
    const request = await sweep.store.requestTasksOf(taskId);
    await tellOthers(sweep, away, request);
    await sweep.showAround(request);
  }
  // Told: a replica that died before this tells them again, and the outbox sends each once.
  await sweep.store.markAwayWaitsTold(away, untold, now);
}

/**
 * Each other approver of the request who is not away hears it, about their own task: the away
 * one's own task too, when the service lists it to them as well.
 */
async function tellOthers(sweep: WaitsSweep, away: Away, request: string[]) {
  const gone = new Set((await sweep.store.listAway(sweep.clock.now())).map((a) => a.accessUserId));
  gone.add(away.accessUserId);
  // Their own task, so that what the notice names is theirs to decide.
  const theirs = new Map<string, string>();
  for (const n of await sweep.store.listNotifications({ taskIds: request })) {
    const open = sweep.isCard(n) && !n.resolvedAt;
    if (open && !gone.has(n.accessUserId)) theirs.set(n.accessUserId, n.taskId);
  }
  const round = `${away.accessUserId}/${away.untilDay}`;
  const tasks = new Map<string, Task | undefined>();
  for (const link of await sweep.linksOf(theirs.keys())) {
    const event = theirs.get(link.accessUserId)!;
    if (!tasks.has(event)) tasks.set(event, await sweep.findTask(event));
    const own = tasks.get(event);
    if (!own || stateOf(own, sweep.pendingStatus) !== 'pending') continue;
    const message = (v: Voice) => awayNotice(v, own, away, sweep.pendingStatus);
    const notice = { round, event, accessUserId: link.accessUserId, message };
    await sweep.tell([link], { kind: 'away', ...notice });
  }
}

/**
 * For another approver of the request: who is away until when, and that the request waits for
 * them too — decided on their own card. No buttons: nothing is handed over.
 */
function awayNotice(v: Voice, task: Task, away: Away, pendingStatus: string): Reply {
  const card = taskCard(v, task, { pendingStatus, actionable: false });
  const text = v.t('poller.awayNotice', { away: awayLine(v, away), title: card.title });
  return warning(v, text, {
    title: v.t('poller.awayNoticeTitle', { name: inert(away.name, 100) }),
    blocks: [
      { kind: 'text', text },
      { kind: 'task', card },
    ],
  });
}
