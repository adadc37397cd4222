/**
 * An approver's card as it should stand now, for every edit of one: its lead (a reminder's once
 * reminded), what its approver sees beside the task, another approver's "looking at it" mark, and
 * what the card shows around the task (questions and answers, approvers away: core/asks/notes.ts).
 * A card due an edit because what it shows around the task changed is edited here, recording the
 * version of that it now shows; a card busy with another edit is left for the next poll.
 */
import type { Task } from '../access/schemas.ts';
import { cardNotes, type NotesStore } from '../core/asks/notes.ts';
import type { Voice } from '../core/i18n/voice.ts';
import type { Reply } from '../core/reply.ts';
import { subjectOf } from '../core/subject.ts';
import type { CardExtras } from '../core/tasks/decision-context.ts';
import { lookLineOf } from '../core/tasks/looking.ts';
import { stateOf } from '../core/tasks/task-card.ts';
import type { Look, LookStore, Notification, NotificationStore } from '../store/store.ts';
import type { PollerContext } from './context.ts';
import { type NewTaskOptions, newTaskMessage, reminderMessage } from './messages.ts';
import { keyOf } from './notification.ts';
import { findTask } from './resolve.ts';
import { isNotifyOnly } from './rules.ts';
import { destinationOf, kindOf, voiceOf } from './targets.ts';

export type CardStore = NotesStore & LookStore;

export function options(ctx: PollerContext<unknown>, task: Task): NewTaskOptions {
  return { pendingStatus: ctx.pendingStatus, notifyOnly: isNotifyOnly(task, ctx.rules) };
}

/** What `viewer`'s card of `task` shows beside what is asked, now. */
export async function approverOptions(
  ctx: PollerContext<CardStore>,
  task: Task,
  viewer: string,
  v: Voice,
  extras?: CardExtras,
): Promise<NewTaskOptions> {
  return { ...options(ctx, task), extras, notes: await cardNotes(ctx.store, task, viewer, v) };
}

/** Another approver's mark on the task as `viewer`'s card shows it; nothing once it is over. */
async function lookOn(ctx: PollerContext<LookStore>, task: Task, viewer: string) {
  const look = await ctx.store.getLook(subjectOf(task));
  const on = look && look.untilAt > ctx.clock.now() && look.accessUserId !== viewer;
  return on ? look : undefined;
}

/**
 * The sent card `sent` as it should stand: `look` given (or `null`: none) when an edit is about
 * the mark; else the mark as it stands.
 */
export async function cardNow(
  ctx: PollerContext<CardStore>,
  task: Task,
  sent: Notification,
  look?: Pick<Look, 'name' | 'sinceAt'> | null,
): Promise<{ v: Voice; message: Reply }> {
  const v = await voiceOf(ctx, sent.platform, destinationOf(sent));
  const extras = (await ctx.context?.forApprover(task, v))?.now;
  const mark = look === undefined ? await lookOn(ctx, task, sent.accessUserId) : look;
  const o = {
    ...(await approverOptions(ctx, task, sent.accessUserId, v, extras)),
    looking: mark ? lookLineOf(v, mark) : undefined,
  };
  const message = sent.remindedAt
    ? reminderMessage(v, task, o, await ctx.usual.against(v, task))
    : newTaskMessage(v, task, { kind: 'approver' }, o);
  return { v, message };
}

/** Whether the card shows an older version of what it shows around its task. */
export const behind = (n: Notification) => n.cardVersion > n.shownVersion;

/**
 * Edits the card to what it shows around its task now, if it is sent, waits and nothing else is
 * under way for it; true when the edit was written (and is carried out).
 */
export async function bringUpToDate(
  ctx: PollerContext<CardStore & NotificationStore>,
  task: Task,
  sent: Notification,
): Promise<boolean> {
  if (stateOf(task, ctx.pendingStatus) !== 'pending') return false;
  const { message } = await cardNow(ctx, task, sent);
  const { owner, clock } = ctx;
  const key = keyOf(sent);
  const written = await ctx.store.refreshNotification(
    key,
    { message },
    owner,
    clock.now(),
    sent.cardVersion,
  );
  if (written) ctx.later(driveEdit(ctx, key));
  return written;
}

/** Carries out the edit just written on the notification `key`, in this replica's hands. */
export async function driveEdit(
  ctx: PollerContext<NotificationStore>,
  key: Pick<Notification, 'taskId' | 'platform' | 'recipient'>,
) {
  const [edited] = (await ctx.store.listNotifications({ taskIds: [key.taskId] })).filter(
    (n) => n.platform === key.platform && n.recipient === key.recipient,
  );
  if (edited) await ctx.outbox.drive(edited, true);
}

/**
 * What the cards of these tasks show around them changed: every unresolved message of theirs is
 * due an edit (so an approver's next poll makes it if nothing else does), and each approver's
 * card that is free now is edited at once.
 */
export async function showAround(
  ctx: PollerContext<CardStore & NotificationStore>,
  taskIds: readonly string[],
): Promise<void> {
  if (!taskIds.length) return;
  await ctx.store.staleCards([...taskIds]);
  const cards = (await ctx.store.listNotifications({ taskIds: [...taskIds] })).filter(
    (n) =>
      kindOf(n.recipient) === 'approver' &&
      n.messageRef &&
      !n.resolvedAt &&
      !n.intent &&
      behind(n) &&
      ctx.notifiers.has(n.platform),
  );
  const tasks = new Map<string, Task | undefined>();
  for (const card of cards) {
    if (!tasks.has(card.taskId)) tasks.set(card.taskId, await findTask(ctx, card.taskId));
    const task = tasks.get(card.taskId);
    if (task) await bringUpToDate(ctx, task, card);
  }
}
