/** What a task message shows, decided once for every platform, and the message itself. */
import { DecidedStatuses, type Task, type TaskFacts, taskFacts } from '../../access/schemas.ts';
import { flag, type Voice } from '../i18n/voice.ts';
import type { Button, Field, Reply, TaskCard, TaskState } from '../reply.ts';
import { titleOf } from '../task-title.ts';
import { inert } from '../text.ts';
import type { CardExtras } from './decision-context.ts';

/** Every text from the service made inert. */
function shownFacts(task: Task): TaskFacts {
  // Its own copy: made inert in place. No fact is empty (each is at least a character).
  const facts = taskFacts(task);
  for (const key in facts) {
    const fact = key as keyof TaskFacts;
    facts[fact] = inert(facts[fact]!);
  }
  return facts;
}

function fieldsOf(v: Voice, task: Task, f: TaskFacts, brief: boolean): Field[] {
  const fields: Array<[string, string | undefined]> = [
    [v.t('card.field.requestedBy'), f.requestedByName],
    [
      v.t('card.field.for'),
      f.userDisplayName !== f.requestedByName ? f.userDisplayName : undefined,
    ],
    [v.t('card.field.application'), f.workAppName],
    [v.t('card.field.level'), f.permissionLevelName],
    [v.t('card.field.justification'), brief ? undefined : f.justification],
    [v.t('card.field.since'), f.createdAt ? v.time(f.createdAt) : undefined],
    [v.t('card.field.task'), inert(task.id)],
  ];
  return fields.flatMap(([label, value]) => (value ? [{ label, value }] : []));
}

export function stateOf(task: Task, pendingStatus: string): TaskState {
  if (task.status === pendingStatus) return 'pending';
  if (task.status === DecidedStatuses.approved) return 'approved';
  if (task.status === DecidedStatuses.declined) return 'declined';
  return 'other';
}

function outcomeOf(v: Voice, task: Task, state: TaskState, f: TaskFacts, brief: boolean) {
  if (state === 'pending') return undefined;
  const reason = brief ? undefined : f.reason;
  return v.t('card.outcome', {
    state: state === 'approved' || state === 'declined' ? state : 'other',
    status: inert(task.status),
    by: f.decidedByName ?? '',
    withBy: flag(f.decidedByName),
    when: f.decidedAt ? v.time(f.decidedAt) : '',
    withWhen: flag(f.decidedAt),
    reason: reason ?? '',
    withReason: flag(reason),
  });
}

export interface CardOptions {
  pendingStatus: string;
  number?: number;
  /** False for viewers who may see but not decide the task. */
  actionable?: boolean;
  /** For a channel: no free text (justification, decline reason). */
  brief?: boolean;
  /** For the task's approvers only. */
  extras?: CardExtras;
  /** A sensitive approval's confirmation: its Approve confirms with this code. */
  confirmation?: string;
  /** Shown while the task waits. */
  looking?: string;
  /** Shown while the task waits (asks/notes.ts). */
  notes?: readonly string[];
}

export function taskCard(v: Voice, task: Task, options: CardOptions): TaskCard {
  const f = shownFacts(task);
  const state = stateOf(task, options.pendingStatus);
  const actionable = state === 'pending' && options.actionable !== false;
  const sensitivity = options.extras?.sensitivity ?? 'no';
  // Why approving takes a second step, in words (not only a colour or an emoji).
  const warning =
    actionable && sensitivity !== 'no' ? v.t('card.sensitive', { sensitivity }) : undefined;
  const context = options.extras?.context.length ? options.extras.context : undefined;
  const title = titleOf(v, task.type, f);
  return {
    taskId: task.id,
    number: options.number,
    title,
    fields: fieldsOf(v, task, f, !!options.brief),
    ...(warning && { warning }),
    ...(context && { context }),
    ...(options.looking && state === 'pending' && { looking: options.looking }),
    ...(options.notes?.length && state === 'pending' && { notes: [...options.notes] }),
    state,
    outcome: outcomeOf(v, task, state, f, !!options.brief),
    buttons: actionable ? decisionButtons(v, task.id, title, f, !!warning, options) : [],
  };
}

/** Each spoken with what it decides; "Approve…" says that a confirmation follows. */
function decisionButtons(
  v: Voice,
  taskId: string,
  title: string,
  f: TaskFacts,
  sensitive: boolean,
  options: CardOptions,
): Button[] {
  const level = f.permissionLevelName;
  const person = f.userDisplayName ?? f.requestedByName;
  const what = {
    what: f.workAppName ?? title,
    level: level ?? '',
    withLevel: flag(level),
    person: person ?? '',
    withPerson: flag(person),
  };
  const approve: Button = {
    label: v.t('button.approve'),
    action: 'approve',
    value: taskId,
    style: 'primary',
    spoken: v.t('button.approveSpoken', what),
  };
  const decline: Button = {
    label: v.t('button.decline'),
    action: 'decline',
    value: taskId,
    style: 'danger',
    spoken: v.t('button.declineSpoken', what),
  };
  const { confirmation } = options;
  if (confirmation) {
    return [{ ...approve, label: v.t('button.confirmApproval'), confirmation }, decline];
  }
  const both = [
    sensitive ? { ...approve, label: v.t('button.approveConfirming') } : approve,
    decline,
  ];
  // A card of its own (not a list's) also offers "Looking at it", and asking its requester.
  if (options.number) return both;
  const looking: Button = {
    label: v.t('button.looking'),
    action: 'looking',
    value: taskId,
    spoken: v.t('button.lookingSpoken', what),
  };
  if (!f.requestedBy) return [...both, looking];
  const ask: Button = {
    label: v.t('button.ask'),
    action: 'ask',
    value: taskId,
    spoken: v.t('button.askSpoken', what),
  };
  return [...both, looking, ask];
}

export function goneCard(v: Voice, taskId: string): TaskCard {
  return {
    taskId,
    title: v.t('card.gone.title'),
    fields: [{ label: v.t('card.field.task'), value: inert(taskId) }],
    state: 'gone',
    outcome: v.t('card.gone.outcome'),
    buttons: [],
  };
}

/** Titles for lists and confirmations. */
export function taskTitle(v: Voice, task: Task): string {
  return titleOf(v, task.type, shownFacts(task));
}

/** The message a task notification is: one task card, with a plain-text summary. */
export function taskMessage(v: Voice, card: TaskCard, lead?: string): Reply {
  const summary = card.outcome
    ? v.t('taskMessage.decided', { title: card.title, outcome: card.outcome })
    : v.t('taskMessage.waiting', {
        lead: lead ?? v.t('taskMessage.waitingLead'),
        title: card.title,
      });
  return {
    visibility: 'private',
    tone: card.state === 'pending' ? 'info' : card.state === 'approved' ? 'success' : 'warning',
    title: lead,
    blocks: [{ kind: 'task', card }],
    summary,
    locale: v.locale,
  };
}
