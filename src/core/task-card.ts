/** What a task message shows, decided once for every platform. */

import type { Task } from '../access/schemas.ts';
import { DecidedStatuses, type TaskFacts, TaskTypes, taskFacts } from '../access/task-facts.ts';
import { formatTime } from './format.ts';
import type { Field, TaskCard, TaskState } from './reply.ts';
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
}

export function taskCard(task: Task, options: CardOptions): TaskCard {
  const f = shownFacts(task);
  const state = stateOf(task, options.pendingStatus);
  const actionable = state === 'pending' && options.actionable !== false;
  return {
    taskId: task.id,
    number: options.number,
    title: titleOf(task, f),
    fields: fieldsOf(task, f, !!options.brief),
    state,
    outcome: outcomeOf(task, state, f, !!options.brief),
    buttons: actionable
      ? [
          { label: 'Approve', action: 'approve', value: task.id, style: 'primary' },
          { label: 'Decline', action: 'decline', value: task.id, style: 'danger' },
        ]
      : [],
  };
}

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
