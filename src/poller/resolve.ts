/**
 * Decided elsewhere: a task that was notified has left an approver's pending list. Read it; if
 * it is decided (or gone), every notification about it (escalations too) is resolved with an
 * `outcome` intent — also one whose message was claimed but not yet known to be sent — and the
 * outbox edits each message to say so, retrying until the edit lands (or, where the message
 * cannot be found again, posts a one-line note after it). A task that is still
 * pending (reassigned, or skipped by a list that changed while it was read) is left alone.
 * Unless it was decided through the bot, each approver's message resolved is audited as
 * `decided_elsewhere`.
 */
import { type Task, taskFacts } from '../access/schemas.ts';
import { closedMessage } from '../core/asks/messages.ts';
import { withReceipt } from '../core/audit/index.ts';
import { completeFromTask, type DecidedHere, decidedHere } from '../core/audit/record.ts';
import type { Voice } from '../core/i18n/voice.ts';
import type { TakenDecision } from '../core/notices.ts';
import { MessageRef } from '../core/notifier.ts';
import { Reply } from '../core/reply.ts';
import { found } from '../core/service-errors.ts';
import { stateOf } from '../core/tasks/task-card.ts';
import type {
  AuditStore,
  IntentBody,
  Notification,
  NotificationKey,
  NotificationStore,
  TaskQuestionStore,
} from '../store/store.ts';
import { auditTask } from './audit.ts';
import type { PollerContext } from './context.ts';
import { escalationOutcomeMessage, outcomeMessage, outcomeNote } from './messages.ts';
import { isBrief, isNotifyOnly } from './rules.ts';
import { destinationOf, kindOf, voiceOf } from './targets.ts';

export function findTask(ctx: PollerContext<unknown>, taskId: string): Promise<Task | undefined> {
  return found(ctx.gate.run(() => ctx.client.getTask(taskId)));
}

type ResolveStore = NotificationStore & AuditStore & TaskQuestionStore;

export const resolveTask = async (ctx: PollerContext<ResolveStore>, taskId: string) =>
  resolveAs(ctx, taskId, await findTask(ctx, taskId));

/**
 * Resolves the task's notifications to `task` as it now stands (undefined: gone), unless it still
 * waits; `first`'s messages are edited first (whoever decided it sees it soonest). `taken`, the
 * decision `first` made here, is completed in the audit trail with the edit of their card.
 */
export async function resolveAs(
  ctx: PollerContext<ResolveStore>,
  taskId: string,
  task: Task | undefined,
  first?: string,
  taken?: TakenDecision,
): Promise<void> {
  const state = task ? stateOf(task, ctx.pendingStatus) : 'gone';
  if (state === 'pending') return;
  let unrecorded = taken;
  const record = async () => {
    await unrecorded?.complete();
    unrecorded = undefined;
  };
  // Asked once, before an approver's message is resolved here; never after a decision taken
  // here, whose entry is on record.
  let here: Promise<DecidedHere | null | undefined> | undefined =
    taken && Promise.resolve({ accessUserId: first ?? null, receipt: taken.receipt });
  const audit = async (n: Notification) => {
    here ??= decisionHere(ctx, taskId, task);
    if ((await here) !== null) return;
    const decidedBy = task && taskFacts(task).decidedBy;
    const event = { action: 'decided_elsewhere', outcome: state } as const;
    await auditTask(ctx, n, task, taskId, { ...event, ...(decidedBy && { decidedBy }) });
  };
  const all = await ctx.store.listNotifications({ taskIds: [taskId] });
  // A decision left `started` (its replica died after the service answered) is completed before
  // any card is resolved: a replica killed in between still finds a card to resolve, and does.
  const open = (n: Notification) => !n.resolvedAt && ctx.notifiers.has(n.platform);
  let decider: DecidedHere | null | undefined;
  if (all.some((n) => open(n) && kindOf(n.recipient) === 'approver')) {
    here ??= decisionHere(ctx, taskId, task);
    decider = await here;
    // The log could not tell: nothing is resolved, and the next poll asks again.
    if (decider === undefined) return;
  }
  const mine = (n: Notification) => (n.accessUserId === first ? 0 : 1);
  for (const n of all.sort((a, b) => mine(a) - mine(b))) {
    if (!open(n)) continue;
    const clicked = n.accessUserId === first && unrecorded;
    const key = { taskId, platform: n.platform, recipient: n.recipient };
    const brief = isBrief(ctx.rules, n.platform, n.recipient);
    const kind = kindOf(n.recipient);
    const outcome = kind === 'escalation' ? escalationOutcomeMessage : outcomeMessage;
    const v = await voiceOf(ctx, n.platform, destinationOf(n));
    const asked = kind === 'question' ? await questionClosed(ctx, n, v, task) : undefined;
    const told = asked ?? outcome(v, task, taskId, ctx.pendingStatus, brief);
    // The decider's cards show the receipt of the decision taken here, whoever edits them.
    const receipt =
      kind === 'approver' && n.accessUserId === decider?.accessUserId && decider.receipt;
    const message = receipt ? withReceipt(v, told, receipt) : told;
    const atOnce =
      clicked && kind === 'approver' && (await editedAtOnce(ctx, n, key, message, clicked));
    if (atOnce) unrecorded = undefined;
    if (atOnce === 'settled') {
      await audit(n);
      continue;
    }
    await record();
    // Its note (for a message not found again to edit): only when the outbox makes the edit.
    const buttons = kind === 'approver' && !(task && isNotifyOnly(task, ctx.rules));
    const body = { message, note: outcomeNote(v, task, taskId, ctx.pendingStatus, buttons) };
    const resolved = await ctx.store.resolveNotification(key, body, ctx.owner, ctx.clock.now());
    if (resolved && kind === 'approver') await audit(n);
    // An intent in another replica's hands stays there; that replica (or its heir) edits it.
    if (resolved?.intent?.owner === ctx.owner) await ctx.outbox.drive(resolved, false);
  }
  await record();
}

/**
 * The decider's own card, sent and idle: edited now and recorded with the decision in one commit,
 * without an intent written first. Killed between the edit and the record, the next poll of the
 * card's approver finds the task decided and edits it again to the same outcome. `recorded`: the
 * decision is, but the card changed since it was read; undefined: neither is (not sent or idle,
 * the edit or the store failed). Either way the card is then resolved as any other.
 */
async function editedAtOnce(
  ctx: PollerContext<ResolveStore>,
  n: Notification,
  key: NotificationKey,
  message: IntentBody['message'],
  taken: TakenDecision,
): Promise<'settled' | 'recorded' | undefined> {
  const notifier = ctx.notifiers.get(n.platform);
  if (!notifier || !n.messageRef || n.intent || n.lostAt) return undefined;
  try {
    await notifier.update(MessageRef.parse(n.messageRef), Reply.parse(message));
    ctx.metrics.notifications.inc({ platform: n.platform, kind: 'outcome', outcome: 'sent' });
    const settled = await ctx.store.settleEdited(key, n.intentSeq, ctx.clock.now(), taken);
    return settled ? 'settled' : 'recorded';
  } catch (error) {
    ctx.log.info({ err: error, ...key }, 'could not edit a decided card at once; retrying');
    return undefined;
  }
}

/** A question to the requester whose task was decided unanswered: no answer is needed. */
async function questionClosed(
  ctx: PollerContext<TaskQuestionStore>,
  n: Notification,
  v: Voice,
  task: Task | undefined,
) {
  const id = n.recipient.split(':')[1] ?? '';
  const q = await ctx.store.getTaskQuestion(id);
  return q && closedMessage(v, q, task, ctx.pendingStatus);
}

/**
 * The approval or decline through the bot on record — also one whose answer was never recorded,
 * which the task's state now completes; null when there is none, undefined when the log cannot
 * tell (logged).
 */
function decisionHere(
  ctx: PollerContext<AuditStore>,
  taskId: string,
  task: Task | undefined,
): Promise<DecidedHere | null | undefined> {
  const completed = async () => {
    const state = task ? stateOf(task, ctx.pendingStatus) : 'gone';
    if (!task || (state !== 'approved' && state !== 'declined')) return undefined;
    return completeFromTask(ctx.store, taskId, state, taskFacts(task).decidedBy);
  };
  const decided = async () => (await decidedHere(ctx.store, taskId)) ?? (await completed()) ?? null;
  return decided().catch((error: unknown) => {
    ctx.log.warn(
      { err: error, taskId },
      'could not read the audit log; the task is resolved at its next poll',
    );
    return undefined;
  });
}
