/** What a task message shows, decided once for every platform. */

import type { Task } from '../access/schemas.ts';
import { DecidedStatuses, type TaskFacts, TaskTypes, taskFacts } from '../access/task-facts.ts';
import type { CardExtras } from './decision-context.ts';
import { formatTime } from './format.ts';
import type { Button, Field, TaskCard, TaskState } from './reply.ts';
import { requesterText } from './requester-text.ts';
import type { Sensitivity } from './sensitivity.ts';
import { inert } from './text.ts';

/** A task's facts as they may be shown: every text from the service made inert. */
function shownFacts(task: Task): TaskFacts {
  const facts: Record<string, string> = {};
  for (const [key, value] of Object.entries(taskFacts(task))) if (value) facts[key] = inert(value);
  return facts as TaskFacts;
}

function titleOf(task: Task, f: TaskFacts): string {
  const app = f.workAppName ?? 'an application';
  const level = f.permissionLevelName ? ` (${f.permissionLevelName})` : '';
  switch (task.type) {
    case TaskTypes.accessRequest:
      return `Access request: ${app}${level}`;
    case TaskTypes.entitlementReview:
      return `Access review: ${f.userDisplayName ?? 'a user'} on ${app}${level}`;
    case TaskTypes.offboardingStep:
      return f.step
        ? `Offboarding: ${f.step}`
        : `Offboarding: ${f.userDisplayName ?? 'a user'}${f.workAppName ? ` on ${app}` : ''}`;
    default:
      return `${inert(task.type)}${f.workAppName ? `: ${f.workAppName}${level}` : ''}`;
  }
}

function fieldsOf(task: Task, f: TaskFacts, brief: boolean): Field[] {
  const fields: Array<[string, string | undefined]> = [
    ['Requested by', f.requestedByName],
    ['For', f.userDisplayName !== f.requestedByName ? f.userDisplayName : undefined],
    ['Application', f.workAppName],
    ['Permission level', f.permissionLevelName],
    ['Justification', brief ? undefined : f.justification],
    ['Since', f.createdAt ? formatTime(f.createdAt) : undefined],
    ['Task', inert(task.id)],
  ];
  return fields.flatMap(([label, value]) => (value ? [{ label, value }] : []));
}

export function stateOf(task: Task, pendingStatus: string): TaskState {
  if (task.status === pendingStatus) return 'pending';
  if (task.status === DecidedStatuses.approved) return 'approved';
  if (task.status === DecidedStatuses.declined) return 'declined';
  return 'other';
}

function outcomeOf(task: Task, state: TaskState, f: TaskFacts, brief: boolean) {
  if (state === 'pending') return undefined;
  const verb =
    state === 'approved' ? 'Approved' : state === 'declined' ? 'Declined' : inert(task.status);
  const by = f.decidedByName ? ` by ${f.decidedByName}` : '';
  const when = f.decidedAt ? ` on ${formatTime(f.decidedAt)}` : '';
  const why = f.reason && !brief ? ` — "${f.reason}"` : '';
  return `${verb}${by}${when}${why}`;
}

export interface CardOptions {
  pendingStatus: string;
  number?: number;
  /** False for viewers who may see but not decide the task. */
  actionable?: boolean;
  /** For a channel: no free text (justification, decline reason). */
  brief?: boolean;
  /** For the task's approvers only: its sensitivity and what they see beside what is asked. */
  extras?: CardExtras;
  /** The card of a sensitive approval's confirmation: its Approve confirms with this code. */
  confirmation?: string;
  /** Shown while the task waits: another approver is looking at it. */
  looking?: string;
}

/** Why approving takes a second step, in words (not only a colour or an emoji). */
export const sensitiveWarning: Record<Exclude<Sensitivity, 'no'>, string> = {
  yes: 'Sensitive application: approving asks you to confirm the application, level and person.',
  unknown:
    'Could not check whether this application is sensitive, so approving asks you to confirm the application, level and person.',
};

export function taskCard(task: Task, options: CardOptions): TaskCard {
  const f = shownFacts(task);
  const state = stateOf(task, options.pendingStatus);
  const actionable = state === 'pending' && options.actionable !== false;
  const sensitivity = options.extras?.sensitivity ?? 'no';
  const warning = actionable && sensitivity !== 'no' ? sensitiveWarning[sensitivity] : undefined;
  const context = options.extras?.context.length ? options.extras.context : undefined;
  return {
    taskId: task.id,
    number: options.number,
    title: titleOf(task, f),
    fields: fieldsOf(task, f, !!options.brief),
    ...(warning && { warning }),
    ...(context && { context }),
    ...(options.looking && state === 'pending' && { looking: options.looking }),
    state,
    outcome: outcomeOf(task, state, f, !!options.brief),
    buttons: actionable ? buttonsOf(task, !!warning, options) : [],
  };
}

/** A card of its own (not a list's, not a confirmation) also offers "Looking at it". */
function buttonsOf(task: Task, sensitive: boolean, o: CardOptions): Button[] {
  const buttons = [approveButton(task.id, sensitive, o.confirmation), decline(task)];
  if (o.number || o.confirmation) return buttons;
  return [...buttons, { label: requesterText.lookButton, action: 'looking', value: task.id }];
}

/** "Approve…" says that a confirmation follows; the confirmation's own button confirms. */
function approveButton(taskId: string, sensitive: boolean, confirmation?: string): Button {
  const approve: Button = { label: 'Approve', action: 'approve', value: taskId, style: 'primary' };
  if (confirmation) return { ...approve, label: 'Confirm approval', confirmation };
  return sensitive ? { ...approve, label: 'Approve…' } : approve;
}

const decline = (task: Task): Button => ({
  label: 'Decline',
  action: 'decline',
  value: task.id,
  style: 'danger',
});

/** The card of a task that no longer exists in the service. */
export function goneCard(taskId: string): TaskCard {
  return {
    taskId,
    title: 'Task no longer exists',
    fields: [{ label: 'Task', value: inert(taskId) }],
    state: 'gone',
    outcome: 'This task was removed from the Access Service.',
    buttons: [],
  };
}

/** Titles for lists and confirmations. */
export function taskTitle(task: Task): string {
  return titleOf(task, shownFacts(task));
}
