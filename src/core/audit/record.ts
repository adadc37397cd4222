/**
 * Writing the audit trail. A decision is kept before it is sent and completed after, so none is
 * taken without its entry; any other failed write is logged and counted, never thrown.
 */
import { type Task, taskFacts } from '../../access/schemas.ts';
import type { Logger } from '../../log.ts';
import type { Metrics } from '../../metrics.ts';
import { entryReceipt } from '../../store/audit-chain.ts';
import {
  type AppChangeAuditEntry,
  type AppChangeOutcome,
  type AuditEntry,
  type AuditStore,
  type AwayAuditEntry,
  type DecisionAuditEntry,
  type GroupChange,
  type IdentityLink,
  isAppChange,
  isAway,
  isChange,
  isDecision,
  isOnBehalf,
  isPasskeyReset,
  isQuestion,
  type MembershipOutcome,
  type OnBehalfAuditEntry,
  type PasskeyAuditEntry,
  type QuestionAuditEntry,
  type TaskEventEntry,
} from '../../store/store.ts';
import type { TakenDecision } from '../notices.ts';

export interface AuditWriter {
  store: AuditStore;
  log: Logger;
  now: () => Date;
  metrics?: Pick<Metrics, 'decisionSeconds' | 'auditWriteFailures'>;
}

type Who = 'at' | 'platform' | 'chatUserId' | 'accessUserId';

type Decided = Omit<DecisionAuditEntry, Who>;

/**
 * `intent`: its entry kept before it was sent. The receipt of the entry as kept (written, or
 * completed), whichever way the write went: a failed write is logged, never thrown.
 */
export async function recordDecision(
  w: AuditWriter,
  link: IdentityLink,
  decision: Decided,
  intent?: DecisionIntent,
): Promise<string> {
  const entry = measured(w, link, decision, intent);
  await (intent ? complete(w, entry, intent) : append(w, entry));
  return entryReceipt(entry);
}

export function decisionTaken(
  w: AuditWriter,
  link: IdentityLink,
  decision: Decided,
  intent: DecisionIntent,
): TakenDecision {
  const entry = measured(w, link, decision, intent);
  const { outcome, detail } = entry;
  return {
    id: intent.id,
    outcome,
    detail,
    receipt: entryReceipt(entry),
    complete: () => complete(w, entry, intent),
  };
}

/** A decision completed keeps its intent's instant: the entry is the one the intent began. */
function measured(
  w: AuditWriter,
  link: IdentityLink,
  decision: Decided,
  intent: DecisionIntent | undefined,
): DecisionAuditEntry {
  const entry = { ...by(w, link), ...(intent && { at: intent.at }), ...decision };
  const decided = entry.outcome === 'approved' || entry.outcome === 'declined';
  if (decided && entry.taskCreatedAt && w.metrics) {
    const ms = w.now().getTime() - entry.taskCreatedAt.getTime();
    w.metrics.decisionSeconds.observe(Math.max(0, ms) / 1000);
  }
  return entry;
}

async function complete(w: AuditWriter, entry: DecisionAuditEntry, intent: DecisionIntent) {
  const { outcome, detail } = entry;
  try {
    if (await w.store.completeDecision(intent.id, { outcome, detail })) return;
    // Completed by nobody else: it is written whole rather than lost.
    await w.store.appendAudit(entry);
  } catch (error) {
    failed(w, error, entry);
  }
}

export interface DecisionIntent {
  id: number;
  at: Date;
}

/** Outcome `started`, before it is sent. Throws when the store fails: then nothing may be sent. */
export async function recordDecisionIntent(
  w: AuditWriter,
  link: IdentityLink,
  decision: Omit<Decided, 'outcome' | 'detail'>,
): Promise<DecisionIntent> {
  const entry: DecisionAuditEntry = {
    ...by(w, link),
    ...decision,
    outcome: 'started',
    detail: null,
  };
  try {
    return { id: await w.store.appendAudit(entry), at: entry.at };
  } catch (error) {
    failed(w, error, entry);
    throw error;
  }
}

export type Recipient = Pick<AuditEntry, 'platform' | 'chatUserId' | 'accessUserId'>;

export function recordTaskEvent(
  w: AuditWriter,
  to: Recipient,
  event: Omit<TaskEventEntry, Who | 'detail'>,
): Promise<void> {
  return append(w, { at: w.now(), ...to, ...event, detail: null });
}

export async function decidedThroughBot(store: AuditStore, taskId: string): Promise<boolean> {
  return (await decisionOn(store, [taskId])) !== undefined;
}

export async function decisionOn(
  store: AuditStore,
  taskIds: readonly string[],
): Promise<DecisionAuditEntry | undefined> {
  for (const taskId of taskIds) {
    const entries = await store.listAudit({ taskId, actions: ['approve', 'decline'], limit: 50 });
    const decided = entries.find((e) => e.outcome === 'approved' || e.outcome === 'declined');
    if (decided && isDecision(decided)) return decided;
  }
  return undefined;
}

/** A decision through the bot on record: whose it is, and the receipt its reply showed. */
export interface DecidedHere {
  accessUserId: string | null;
  receipt: string | null;
}

/** The task's decision through the bot, completed; none when there is none. */
export async function decidedHere(
  store: AuditStore,
  taskId: string,
): Promise<DecidedHere | undefined> {
  const rows = await store.readAuditLog({ taskId, actions: ['approve', 'decline'] }, undefined, 50);
  const row = rows.find(
    ({ entry }) => entry.outcome === 'approved' || entry.outcome === 'declined',
  );
  return row && { accessUserId: row.entry.accessUserId, receipt: row.receipt };
}

/**
 * Completes a decision left `started` (the process stopped, or the store failed, after sending)
 * with the outcome the task now shows; only one by its decider, when the service names one. It
 * is completed as its decider's own completion would have been, so the receipt their reply may
 * already have shown is the entry's.
 */
export async function completeFromTask(
  store: AuditStore,
  taskId: string,
  outcome: 'approved' | 'declined',
  decidedBy: string | undefined,
): Promise<DecidedHere | undefined> {
  const action = outcome === 'approved' ? 'approve' : 'decline';
  const entries = await store.readAuditLog({ taskId, actions: [action] }, undefined, 50);
  const left = entries.find(
    ({ entry }) =>
      entry.outcome === 'started' && (decidedBy === undefined || entry.accessUserId === decidedBy),
  );
  if (left) await store.completeDecision(left.id, { outcome, detail: null });
  // Completed here or, a moment before, by another replica: the entry as it now stands.
  return decidedHere(store, taskId);
}

/** Nothing for a task not known: a task that was not the actor's is not theirs to see. */
export function taskNamesOf(task: Task | undefined) {
  if (!task) return {};
  const facts = taskFacts(task);
  // Facts, not a title: each reader names the task in their own language (task-named.ts).
  return {
    taskType: task.type,
    ...(facts.workAppName !== undefined && { appName: facts.workAppName }),
    ...(facts.workAppId !== undefined && { appId: facts.workAppId }),
    ...(facts.requestedByName !== undefined && { requesterName: facts.requestedByName }),
    ...(facts.permissionLevelName !== undefined && { levelName: facts.permissionLevelName }),
    ...(facts.userDisplayName !== undefined && { userName: facts.userDisplayName }),
    ...(facts.step !== undefined && { taskStep: facts.step }),
    ...(facts.createdAt !== undefined && { taskCreatedAt: new Date(facts.createdAt) }),
    ...(facts.dueAt !== undefined && { taskDueAt: new Date(facts.dueAt) }),
  };
}

/** What `link`'s person did: a question to a requester, a request for someone else. */
export function recordAction(
  w: AuditWriter,
  link: IdentityLink,
  action:
    | Omit<QuestionAuditEntry, Who>
    | Omit<OnBehalfAuditEntry, Who>
    | Omit<PasskeyAuditEntry, Who>,
): Promise<void> {
  return append(w, { ...by(w, link), ...action });
}

export function recordAway(
  w: AuditWriter,
  who: Recipient,
  away: Omit<AwayAuditEntry, Who | 'accessUserId'>,
): Promise<void> {
  const { platform, chatUserId, accessUserId } = who;
  return append(w, { at: w.now(), platform, chatUserId, accessUserId, ...away });
}

type Subject = Pick<GroupChange, 'action' | 'groupId' | 'groupName'> &
  Partial<Pick<GroupChange, 'targetUserId' | 'targetName' | 'targetEmail'>>;

export function recordChange(
  w: AuditWriter,
  link: IdentityLink,
  subject: Subject,
  outcome: MembershipOutcome,
  detail: string | null = null,
): Promise<void> {
  return append(w, {
    ...by(w, link),
    action: subject.action,
    groupId: subject.groupId,
    groupName: subject.groupName,
    targetUserId: subject.targetUserId ?? null,
    targetName: subject.targetName ?? null,
    targetEmail: subject.targetEmail ?? null,
    outcome,
    detail,
  });
}

export function recordAppChange(
  w: AuditWriter,
  link: IdentityLink,
  change: Omit<AppChangeAuditEntry, Who | 'detail' | 'outcome'>,
  outcome: AppChangeOutcome,
  detail: string | null = null,
): Promise<void> {
  return append(w, { ...by(w, link), ...change, outcome, detail });
}

const by = (w: AuditWriter, link: IdentityLink) => ({
  at: w.now(),
  platform: link.platform,
  chatUserId: link.chatUserId,
  accessUserId: link.accessUserId,
});

async function append(w: AuditWriter, entry: AuditEntry) {
  try {
    await w.store.appendAudit(entry);
  } catch (error) {
    failed(w, error, entry);
  }
}

const KINDS = [
  [isDecision, 'decision'],
  [isChange, 'group_change'],
  [isAppChange, 'app_change'],
  [isQuestion, 'question'],
  [isAway, 'away'],
  [isOnBehalf, 'request_for'],
  [isPasskeyReset, 'passkeys_reset'],
] as const;
const kindOf = (entry: AuditEntry) => KINDS.find(([is]) => is(entry))?.[1] ?? 'task_event';

/** Logged with what it was about, never its text. */
function failed(w: AuditWriter, error: unknown, entry: AuditEntry) {
  const about = isChange(entry)
    ? { groupId: entry.groupId }
    : isAppChange(entry)
      ? { appId: entry.appId }
      : 'taskId' in entry
        ? { taskId: entry.taskId }
        : {};
  w.metrics?.auditWriteFailures.inc({ entry: kindOf(entry) });
  w.log.error(
    { err: error, action: entry.action, outcome: entry.outcome, ...about },
    'audit write failed',
  );
}
