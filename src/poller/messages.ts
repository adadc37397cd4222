/**
 * What the poller says, in the neutral reply model and in each recipient's voice: a new task, a
 * reminder, a task's outcome (and its note where the message cannot be edited), and an
 * escalation's. Adapters render these like any other reply.
 */
import { type Task, taskFacts } from '../access/schemas.ts';
import { flag, type Voice } from '../core/i18n/voice.ts';
import { info, type Reply, warning } from '../core/reply.ts';
import type { CardExtras } from '../core/tasks/decision-context.ts';
import { goneCard, taskCard, taskMessage, taskTitle } from '../core/tasks/task-card.ts';
import { inert } from '../core/text.ts';
import type { Target } from './targets.ts';

export interface NewTaskOptions {
  pendingStatus: string;
  /** The task's type is decided in the Access Service only: no buttons. */
  notifyOnly: boolean;
  /** For a channel: no free text. */
  brief?: boolean;
  /** For an approver: the application's sensitivity and what they see beside the task. */
  extras?: CardExtras;
  /** For an approver: another approver is looking at the task. */
  looking?: string;
  /** For an approver: questions and answers, approvers away (core/asks/notes.ts). */
  notes?: readonly string[];
}

function lead(v: Voice, target: Pick<Target, 'kind'>, notifyOnly: boolean): string {
  if (target.kind === 'channel') return v.t('poller.newForChannel');
  return notifyOnly ? v.t('poller.newNotifyOnly') : v.t('poller.new');
}

export function newTaskMessage(
  v: Voice,
  task: Task,
  target: Pick<Target, 'kind'>,
  o: NewTaskOptions,
): Reply {
  const actionable = target.kind === 'approver' && !o.notifyOnly;
  const extras = target.kind === 'approver' ? o.extras : undefined;
  const card = taskCard(v, task, { ...o, actionable, extras });
  return taskMessage(v, card, lead(v, target, o.notifyOnly));
}

/** `waited`: how long it has waited against how long its application's requests usually do. */
export function reminderMessage(v: Voice, task: Task, o: NewTaskOptions, waited?: string): Reply {
  const notes = [...(o.notes ?? []), ...(waited ? [waited] : [])];
  const card = taskCard(v, task, { ...o, notes, actionable: !o.notifyOnly });
  return taskMessage(v, card, v.t('poller.reminder'));
}

/** The short nudge posted under (or after) the reminded card, without buttons of its own. */
export function reminderFollowUp(v: Voice, task: Task): Reply {
  const { createdAt } = taskFacts(task);
  const text = v.t('poller.reminderFollowUp', {
    title: taskTitle(v, task),
    since: createdAt ? v.time(createdAt) : '',
    withSince: flag(createdAt),
  });
  return warning(v, text);
}

/** The task as decided (or gone), for every message that was sent about it. */
export function outcomeMessage(
  v: Voice,
  task: Task | undefined,
  taskId: string,
  pendingStatus: string,
  brief = false,
) {
  return taskMessage(v, task ? taskCard(v, task, { pendingStatus, brief }) : goneCard(v, taskId));
}

/**
 * One line after a task's message that accessbot could not find again to edit: the outcome, and
 * for an approver's card that its buttons no longer apply. No free text from the decision.
 */
export function outcomeNote(
  v: Voice,
  task: Task | undefined,
  taskId: string,
  pendingStatus: string,
  buttons: boolean,
): Reply {
  const f = task ? taskFacts(task) : {};
  const card = task ? taskCard(v, task, { pendingStatus, brief: true }) : goneCard(v, taskId);
  const app = f.workAppName && inert(f.workAppName);
  const level = f.permissionLevelName && inert(f.permissionLevelName);
  const what = app ? (level ? v.t('request.appLevel', { app, level }) : app) : card.title;
  const who = f.userDisplayName ?? f.requestedByName;
  return info(
    v,
    v.t('poller.outcomeNote', {
      what,
      who: who ? inert(who) : '',
      withWho: flag(who),
      state: card.state,
      status: inert(task?.status ?? ''),
      by: f.decidedByName ? inert(f.decidedByName) : '',
      withBy: flag(f.decidedByName),
      buttons: flag(buttons),
    }),
  );
}

/** The escalation once the task is decided (or gone). */
export function escalationOutcomeMessage(
  v: Voice,
  task: Task | undefined,
  taskId: string,
  pendingStatus: string,
  brief = false,
): Reply {
  const card = task ? taskCard(v, task, { pendingStatus, brief }) : goneCard(v, taskId);
  return { ...taskMessage(v, card, v.t('poller.escalated')), visibility: 'channel' };
}
