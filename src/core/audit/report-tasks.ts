/**
 * What the report knows of a task, and of a decision from its tasks. Pure. One request sent to
 * several approvers is one decision: the same person deciding the same way on tasks created
 * together (its key). It counts once, at its owner: the first entry through the bot (the poller
 * finds the other tasks decided only later), else the poller's first.
 */
import type { ReportEntry } from '../../store/store.ts';
import type { CountedDecision } from './report.ts';

interface Decided {
  id: number;
  at: number;
  inChat: boolean;
  by: string | undefined;
}

export interface TaskFacts {
  taskId: string;
  createdAt: number | undefined;
  firstSeen: { at: number; id: number } | undefined;
  type: string | undefined;
  app: string | undefined;
  /** Decided through the bot, or found decided or gone. */
  closed: boolean;
  /** From its first approval or decline. */
  key: string | undefined;
  /** The decision's other tasks share it. */
  keyCreated: Date | undefined;
  decided: Decided[];
}

const DECIDED = new Set(['approved', 'declined']);
const earlier = (a: { at: number; id: number }, b: { at: number; id: number }) =>
  a.at < b.at || (a.at === b.at && a.id < b.id);

/** `entries` in id order. */
export function taskFacts(taskId: string, entries: readonly ReportEntry[]): TaskFacts {
  const facts: TaskFacts = {
    taskId,
    createdAt: undefined,
    firstSeen: undefined,
    type: undefined,
    app: undefined,
    closed: false,
    key: undefined,
    keyCreated: undefined,
    decided: [],
  };
  for (const e of entries) {
    const at = e.at.getTime();
    facts.createdAt ??= e.taskCreatedAt?.getTime();
    facts.type ??= e.taskType ?? undefined;
    facts.app ??= e.appName ?? undefined;
    const seen = { at, id: e.id };
    if (e.action === 'notify' && (!facts.firstSeen || earlier(seen, facts.firstSeen))) {
      facts.firstSeen = seen;
    }
    const inChat = e.action === 'approve' || e.action === 'decline';
    if (!inChat && e.action !== 'decided_elsewhere') continue;
    facts.closed = true;
    if (!DECIDED.has(e.outcome)) continue;
    const by = e.decider ?? undefined;
    const created = e.taskCreatedAt?.getTime();
    if (facts.key === undefined) {
      facts.key = decisionKey(taskId, by, e.outcome, created);
      if (by !== undefined) facts.keyCreated = e.taskCreatedAt ?? undefined;
    }
    facts.decided.push({ id: e.id, at, inChat, by });
  }
  return facts;
}

export function decisionKey(
  taskId: string,
  by: string | undefined,
  outcome: string,
  created: number | undefined,
): string {
  return by !== undefined && created !== undefined
    ? `${by} ${outcome} ${created}`
    : `task ${taskId}`;
}

/** `tasks` all share one key. */
export function decisionOf(tasks: readonly TaskFacts[]): CountedDecision & { owner: number } {
  const entries = tasks.flatMap((t) => t.decided.map((d) => ({ ...d, task: t })));
  const inChat = entries.some((d) => d.inChat);
  const owner = entries
    .filter((d) => d.inChat === inChat)
    .reduce((best, d) => (earlier(d, best) ? d : best));
  // In the order each task was first decided: the first that names an application names it.
  const firstOf = new Map<TaskFacts, number>();
  for (const d of entries) firstOf.set(d.task, Math.min(firstOf.get(d.task) ?? d.id, d.id));
  const ordered = [...firstOf].sort((a, b) => a[1] - b[1]).map(([task]) => task);
  const first = entries.reduce((a, b) => (b.id < a.id ? b : a));
  const starts = ordered.flatMap((t) => t.createdAt ?? t.firstSeen?.at ?? []);
  return {
    owner: owner.id,
    at: owner.at,
    inChat,
    by: first.by,
    first: first.id,
    wait: starts.length ? Math.max(0, owner.at - Math.min(...starts)) / 1000 : undefined,
    app: ordered.find((t) => t.app)?.app ?? null,
    type: ordered.find((t) => t.type)?.type ?? null,
  };
}

/** Seconds, counted from its first notification; undefined when it was not open at `asOf`. */
export function openAge(task: TaskFacts, asOf: number): number | undefined {
  if (task.closed || !task.firstSeen || task.firstSeen.at >= asOf) return undefined;
  return Math.max(0, asOf - (task.createdAt ?? task.firstSeen.at)) / 1000;
}
