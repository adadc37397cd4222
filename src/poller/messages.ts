/**
 * What the poller says, in the neutral reply model and in each recipient's voice: a new task, a
 * reminder, an escalation, a task's outcome (and its note where the message cannot be edited),
 * and a requester's outcome. Adapters render these like any other reply.
 */
import type { Task } from '../access/schemas.ts';
import { taskFacts } from '../access/task-facts.ts';
import { flag, type Voice } from '../core/i18n/voice.ts';
import { info, type Reply, success, warning } from '../core/reply.ts';
import type { CardExtras } from '../core/tasks/decision-context.ts';
import { goneCard, taskCard, taskTitle } from '../core/tasks/task-card.ts';
import { taskMessage } from '../core/tasks/task-message.ts';
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

export function reminderMessage(v: Voice, task: Task, o: NewTaskOptions): Reply {
  const card = taskCard(v, task, { ...o, actionable: !o.notifyOnly });
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

export interface Escalation {
  pendingStatus: string;
  /** How long the task has waited. */
  waitedMs: number;
  /** Its approvers' names, as far as the bot knows them. */
  approvers: readonly string[];
  /** For a channel: no free text. */
  brief?: boolean;
  /** The task's approvers who are away, as lines (never a question: that is free text). */
  notes?: readonly string[];
}

/** For an escalation channel: who has kept the task waiting, and for how long. No buttons. */
export function escalationMessage(v: Voice, task: Task, e: Escalation): Reply {
  const card = taskCard(v, task, { ...e, actionable: false });
  const age = v.age(e.waitedMs);
  const who = e.approvers.length
    ? v.list(e.approvers.map((name) => inert(name)))
    : v.t('poller.itsApprovers');
  const text = v.t('poller.escalation', { title: card.title, age, who });
  return warning(v, text, {
    visibility: 'channel',
    title: v.t('poller.escalationTitle', { age }),
    blocks: [
      { kind: 'text', text },
      { kind: 'task', card },
    ],
  });
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

/** For the requester: what became of their request, with who decided and why when known. */
export function requestOutcomeMessage(v: Voice, task: Task, pendingStatus: string): Reply {
  const card = taskCard(v, task, { pendingStatus, actionable: false });
  const { workAppName, permissionLevelName } = taskFacts(task);
  const what = workAppName
    ? permissionLevelName
      ? v.t('request.appLevel', { app: workAppName, level: permissionLevelName })
      : workAppName
    : card.title;
  return requestStatusMessage(v, what, card.state, card.outcome ?? task.status, [
    { kind: 'task', card },
  ]);
}

/** When only the access's status is known (no task to read the reason from). */
export function requestStatusMessage(
  v: Voice,
  what: string,
  state: string,
  outcome: string,
  blocks: Reply['blocks'] = [],
): Reply {
  const text = v.t('poller.requestOutcome', { what: inert(what), outcome: inert(outcome) });
  const make = state === 'approved' ? success : warning;
  return make(v, text, {
    title: v.t('poller.requestOutcomeTitle', {
      state: state === 'approved' || state === 'declined' ? state : 'other',
    }),
    blocks: [{ kind: 'text', text }, ...blocks],
  });
}

/**
 * For another approver of a request whose approver is away: who is away until when, and that the
 * request waits for them too — decided on their own card. No buttons: nothing is handed over.
 */
export function awayNoticeMessage(
  v: Voice,
  task: Task,
  away: { name: string; line: string },
  pendingStatus: string,
): Reply {
  const card = taskCard(v, task, { pendingStatus, actionable: false });
  const text = v.t('poller.awayNotice', { away: away.line, title: card.title });
  return warning(v, text, {
    title: v.t('poller.awayNoticeTitle', { name: inert(away.name, 100) }),
    blocks: [
      { kind: 'text', text },
      { kind: 'task', card },
    ],
  });
}
