/**
 * What the poller says, in the neutral reply model: a new task, a reminder, an escalation, a
 * task's outcome (and its note where the message cannot be edited), and a requester's outcome.
 * Adapters render these like any other reply.
 */
import type { Task } from '../access/schemas.ts';
import { taskFacts } from '../access/task-facts.ts';
import type { CardExtras } from '../core/decision-context.ts';
import { formatAge, formatTime, sentenceList } from '../core/format.ts';
import { info, type Reply, success, warning } from '../core/reply.ts';
import { goneCard, taskCard, taskTitle } from '../core/task-card.ts';
import { taskMessage } from '../core/task-message.ts';
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
}

function lead(target: Pick<Target, 'kind'>, notifyOnly: boolean): string {
  if (target.kind === 'channel') return 'New task for its approvers';
  return notifyOnly
    ? 'New task: please decide it in the Access Service'
    : 'New task waiting for your decision';
}

export function newTaskMessage(task: Task, target: Pick<Target, 'kind'>, o: NewTaskOptions): Reply {
  const actionable = target.kind === 'approver' && !o.notifyOnly;
  const extras = target.kind === 'approver' ? o.extras : undefined;
  const card = taskCard(task, { ...o, actionable, extras });
  return taskMessage(card, lead(target, o.notifyOnly));
}

export function reminderMessage(task: Task, o: NewTaskOptions): Reply {
  const card = taskCard(task, { ...o, actionable: !o.notifyOnly });
  return taskMessage(card, '⏰ Reminder: still waiting for your decision');
}

/** The short nudge posted under (or after) the reminded card, without buttons of its own. */
export function reminderFollowUp(task: Task): Reply {
  const { createdAt } = taskFacts(task);
  const since = createdAt ? ` since ${formatTime(createdAt)}` : '';
  const text = `⏰ "${taskTitle(task)}" is still waiting for your decision${since}. Approve or decline it on the card above.`;
  return warning(text);
}

/** The task as decided (or gone), for every message that was sent about it. */
export function outcomeMessage(
  task: Task | undefined,
  taskId: string,
  pendingStatus: string,
  brief = false,
) {
  return taskMessage(task ? taskCard(task, { pendingStatus, brief }) : goneCard(taskId));
}

/**
 * One line after a task's message that accessbot could not find again to edit: the outcome, and
 * for an approver's card that its buttons no longer apply. No free text from the decision.
 */
export function outcomeNote(
  task: Task | undefined,
  taskId: string,
  pendingStatus: string,
  buttons: boolean,
): Reply {
  const f = task ? taskFacts(task) : {};
  const card = task ? taskCard(task, { pendingStatus, brief: true }) : goneCard(taskId);
  const app =
    f.workAppName &&
    `${f.workAppName}${f.permissionLevelName ? ` (${f.permissionLevelName})` : ''}`;
  const who = f.userDisplayName ?? f.requestedByName;
  const what = `${app ? inert(app) : card.title}${who ? ` for ${inert(who)}` : ''}`;
  const how: Record<typeof card.state, string> = {
    approved: 'was approved',
    declined: 'was declined',
    gone: 'no longer exists',
    pending: 'is waiting again',
    other: `is now ${inert(task?.status ?? '')}`,
  };
  const by = f.decidedByName ? ` by ${inert(f.decidedByName)}` : '';
  const after = buttons ? ' — the buttons above no longer apply' : '';
  return info(`Update: ${what} ${how[card.state]}${by}${after}`);
}

export interface Escalation {
  pendingStatus: string;
  /** How long the task has waited. */
  waitedMs: number;
  /** Its approvers' names, as far as the bot knows them. */
  approvers: readonly string[];
  /** For a channel: no free text. */
  brief?: boolean;
}

const ESCALATED = '⏫ Escalated';

/** For an escalation channel: who has kept the task waiting, and for how long. No buttons. */
export function escalationMessage(task: Task, e: Escalation): Reply {
  const card = taskCard(task, { ...e, actionable: false });
  const age = formatAge(e.waitedMs);
  const who = e.approvers.length
    ? sentenceList(e.approvers.map((name) => inert(name)))
    : 'its approvers';
  const text = `"${card.title}" has been waiting ${age} for a decision by ${who}.`;
  return warning(text, {
    visibility: 'channel',
    title: `${ESCALATED}: waiting ${age}`,
    blocks: [
      { kind: 'text', text },
      { kind: 'task', card },
    ],
  });
}

/** The escalation once the task is decided (or gone). */
export function escalationOutcomeMessage(
  task: Task | undefined,
  taskId: string,
  pendingStatus: string,
  brief = false,
): Reply {
  const card = task ? taskCard(task, { pendingStatus, brief }) : goneCard(taskId);
  return { ...taskMessage(card, `${ESCALATED} task`), visibility: 'channel' };
}

/** For the requester: what became of their request, with who decided and why when known. */
export function requestOutcomeMessage(task: Task, pendingStatus: string): Reply {
  const card = taskCard(task, { pendingStatus, actionable: false });
  const { workAppName, permissionLevelName } = taskFacts(task);
  const what = workAppName
    ? `${workAppName}${permissionLevelName ? ` (${permissionLevelName})` : ''}`
    : card.title;
  return requestStatusMessage(what, card.state, card.outcome ?? task.status, [
    { kind: 'task', card },
  ]);
}

/** When only the access's status is known (no task to read the reason from). */
export function requestStatusMessage(
  what: string,
  state: string,
  outcome: string,
  blocks: Reply['blocks'] = [],
): Reply {
  const verb = state === 'approved' ? 'approved' : state === 'declined' ? 'declined' : 'decided';
  const text = `Your request for access to ${inert(what)}: ${inert(outcome)}.`;
  const make = state === 'approved' ? success : warning;
  return make(text, {
    title: `Access request ${verb}`,
    blocks: [{ kind: 'text', text }, ...blocks],
  });
}
