/**
 * The insight report's figures, from the audit trail: over a period, how long decisions took
 * (median and 90th percentile; overall, per application, per approver, per task type), how many
 * were taken in chat and how many elsewhere, how many reminders, escalations and nudges went
 * out (a nudge: each waiting task a requester's `nudge` reached), and the tasks still open at its end, by age. Pure: the entries and the instant it is
 * counted at are passed in; entries are added one by one, as the log is read in pages.
 *
 * A decision's wait starts when the service says its task was created, else when accessbot
 * first told an approver; it ends when it was taken through the bot, else when the poller found
 * it taken elsewhere. A task is open from accessbot's first message about it until it is
 * decided, or found decided or gone.
 */
import { z } from 'zod';
import {
  type AuditEntry,
  type DecisionAuditEntry,
  isDecision,
  type TaskEventEntry,
} from '../../store/store.ts';

const HOUR = 3600;
const DAY = 24 * HOUR;

/** Open tasks' ages: each bucket holds the ages under its bound, and at or over the previous. */
export const AGE_BUCKETS = [
  { bucket: 'under_1h', underSeconds: HOUR },
  { bucket: '1h_to_1d', underSeconds: DAY },
  { bucket: '1d_to_3d', underSeconds: 3 * DAY },
  { bucket: '3d_to_7d', underSeconds: 7 * DAY },
  { bucket: '7d_to_30d', underSeconds: 30 * DAY },
  { bucket: '30d_or_more', underSeconds: Number.POSITIVE_INFINITY },
] as const;
export type AgeBucket = (typeof AGE_BUCKETS)[number]['bucket'];

const Count = z.number().int().nonnegative();
const Seconds = z.number().int().nonnegative().nullable();

/** Decisions with a known wait, and its median and 90th percentile (null with none). */
export const Stat = z.object({
  /** The application, task type or approver's name; null when the trail does not say. */
  name: z.string().nullable(),
  count: Count,
  medianSeconds: Seconds,
  p90Seconds: Seconds,
});
export type Stat = z.infer<typeof Stat>;
export const ApproverStat = Stat.extend({ accessUserId: z.string() });
export type ApproverStat = z.infer<typeof ApproverStat>;

export const Report = z.object({
  since: z.iso.datetime(),
  /** Exclusive. */
  until: z.iso.datetime(),
  /** When open tasks are counted: the period's end, or now if that is sooner. */
  asOf: z.iso.datetime(),
  decisions: z.object({ total: Count, inChat: Count, elsewhere: Count }),
  timeToDecision: z.object({
    overall: Stat,
    byApplication: z.array(Stat),
    byApprover: z.array(ApproverStat),
    byTaskType: z.array(Stat),
  }),
  openTasks: z.object({
    total: Count,
    byAge: z.array(z.object({ bucket: z.enum(AGE_BUCKETS.map((b) => b.bucket)), count: Count })),
  }),
  sent: z.object({ reminders: Count, escalations: Count, nudges: Count }),
});
export type Report = z.infer<typeof Report>;

export interface ReportPeriod {
  since: Date;
  /** Exclusive. */
  until: Date;
}

export const DEFAULT_DAYS = 30;
/** Ten years: more than any audit log keeps (AUDIT_RETENTION_DAYS). */
export const MAX_DAYS = 3660;

/** A number of days (`--days`, the `report` command's): a whole number from 1 to MAX_DAYS. */
export function parseDays(value: string): number | undefined {
  const days = /^\d{1,4}$/.test(value.trim()) ? Number(value) : Number.NaN;
  return days >= 1 && days <= MAX_DAYS ? days : undefined;
}

/** The period of `days` days that ends at `until`. */
export const lastDays = (days: number, until: Date): ReportPeriod => ({
  since: new Date(until.getTime() - days * DAY * 1000),
  until,
});

interface TaskState {
  createdAt?: number;
  firstSeen?: number;
  type?: string;
  app?: string;
  /** When it stopped waiting: decided through the bot, or found decided or gone elsewhere. */
  closedAt?: number;
  /** The decision that decided it. */
  decision?: string;
}

/** One approval or decline, and the tasks it decided. */
interface Decision {
  at: number;
  inChat: boolean;
  /** The Access user who decided, when known. */
  by: string | undefined;
  tasks: Set<string>;
}

/** The r-7 quantile (linear between the closest ranks, as spreadsheets compute it). */
export function quantile(sorted: readonly number[], q: number): number | null {
  if (!sorted.length) return null;
  const at = (sorted.length - 1) * q;
  const low = sorted[Math.floor(at)]!;
  const high = sorted[Math.ceil(at)]!;
  return Math.round(low + (high - low) * (at - Math.floor(at)));
}

function stat(name: string | null, waits: number[]): Stat {
  const sorted = waits.toSorted((a, b) => a - b);
  return {
    name,
    count: sorted.length,
    medianSeconds: quantile(sorted, 0.5),
    p90Seconds: quantile(sorted, 0.9),
  };
}

/** Most decisions first; then by name, unnamed last. */
const byCount = (a: Stat, b: Stat) =>
  b.count - a.count || (a.name ?? '\uffff').localeCompare(b.name ?? '\uffff');

function grouped(waits: ReadonlyMap<string | null, number[]>): Stat[] {
  return [...waits].map(([name, list]) => stat(name, list)).sort(byCount);
}

function push<K>(map: Map<K, number[]>, key: K, value: number): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

export class ReportTally {
  readonly #since: number;
  readonly #until: number;
  readonly #tasks = new Map<string, TaskState>();
  readonly #decisions = new Map<string, Decision>();
  #reminders = 0;
  #escalations = 0;
  #nudges = 0;

  constructor(period: ReportPeriod) {
    this.#since = period.since.getTime();
    this.#until = period.until.getTime();
  }

  add(entry: AuditEntry): void {
    const at = entry.at.getTime();
    if (at >= this.#until || !('taskId' in entry)) return;
    const inPeriod = at >= this.#since;
    if (entry.action === 'remind' && inPeriod) this.#reminders++;
    if (entry.action === 'escalate' && inPeriod) this.#escalations++;
    if (entry.action === 'nudge' && inPeriod) this.#nudges++;
    const decided = entry.outcome === 'approved' || entry.outcome === 'declined';
    // Refused or failed attempts through the bot say nothing about the task's wait.
    if (isDecision(entry) && !decided) return;

    const task = this.#tasks.get(entry.taskId) ?? {};
    this.#tasks.set(entry.taskId, task);
    task.createdAt ??= entry.taskCreatedAt?.getTime();
    task.type ??= entry.taskType;
    task.app ??= entry.appName;
    if (entry.action === 'notify') task.firstSeen = Math.min(task.firstSeen ?? at, at);
    if (!isDecision(entry) && entry.action !== 'decided_elsewhere') return;
    task.closedAt = Math.min(task.closedAt ?? at, at);
    if (decided) this.#decided(entry, task, at);
  }

  /**
   * One request sent to several approvers is one task each, and one decision closes them all:
   * the same person deciding the same way on tasks created together is one decision. Through
   * the bot if any was: the others' tasks were then found decided by the poller.
   */
  #decided(entry: DecisionAuditEntry | TaskEventEntry, task: TaskState, at: number): void {
    const inChat = isDecision(entry);
    const by = (inChat ? entry.accessUserId : entry.decidedBy) ?? undefined;
    const created = entry.taskCreatedAt?.getTime();
    task.decision ??=
      by !== undefined && created !== undefined
        ? `${by} ${entry.outcome} ${created}`
        : `task ${entry.taskId}`;
    const key = task.decision;
    const known = this.#decisions.get(key);
    if (!known) {
      this.#decisions.set(key, { at, inChat, by, tasks: new Set([entry.taskId]) });
      return;
    }
    known.tasks.add(entry.taskId);
    // Taken through the bot when it was; found by the poller only later.
    if (inChat && !known.inChat) Object.assign(known, { at, inChat });
    else if (inChat === known.inChat) known.at = Math.min(known.at, at);
  }

  /** The figures, counting open tasks at `now` if the period ends later; `names` of approvers. */
  figures(now: Date, names: ReadonlyMap<string, string> = new Map()): Report {
    const asOf = Math.min(this.#until, now.getTime());
    const all: number[] = [];
    const apps = new Map<string | null, number[]>();
    const types = new Map<string | null, number[]>();
    const approvers = new Map<string, number[]>();
    const decisions = { total: 0, inChat: 0, elsewhere: 0 };

    for (const decision of this.#decisions.values()) {
      if (decision.at < this.#since) continue;
      decisions.total++;
      if (decision.inChat) decisions.inChat++;
      else decisions.elsewhere++;
      const tasks = [...decision.tasks].map((id) => this.#tasks.get(id)!);
      const starts = tasks.flatMap((t) => t.createdAt ?? t.firstSeen ?? []);
      if (!starts.length) continue;
      const wait = Math.max(0, decision.at - Math.min(...starts)) / 1000;
      all.push(wait);
      push(apps, tasks.find((t) => t.app)?.app ?? null, wait);
      push(types, tasks.find((t) => t.type)?.type ?? null, wait);
      if (decision.by) push(approvers, decision.by, wait);
    }

    const open = new Map<AgeBucket, number>(AGE_BUCKETS.map((b) => [b.bucket, 0]));
    let openTotal = 0;
    for (const task of this.#tasks.values()) {
      // Open: accessbot found it waiting before the report's end, and nothing closed it.
      if (task.closedAt !== undefined || task.firstSeen === undefined || task.firstSeen >= asOf) {
        continue;
      }
      const age = Math.max(0, asOf - (task.createdAt ?? task.firstSeen)) / 1000;
      const { bucket } = AGE_BUCKETS.find((b) => age < b.underSeconds)!;
      open.set(bucket, open.get(bucket)! + 1);
      openTotal++;
    }

    return {
      since: new Date(this.#since).toISOString(),
      until: new Date(this.#until).toISOString(),
      asOf: new Date(asOf).toISOString(),
      decisions,
      timeToDecision: {
        overall: stat(null, all),
        byApplication: grouped(apps),
        byApprover: [...approvers]
          .map(([id, list]) => ({ ...stat(names.get(id) ?? null, list), accessUserId: id }))
          .sort(byCount),
        byTaskType: grouped(types),
      },
      openTasks: {
        total: openTotal,
        byAge: [...open].map(([bucket, count]) => ({ bucket, count })),
      },
      sent: { reminders: this.#reminders, escalations: this.#escalations, nudges: this.#nudges },
    };
  }
}
