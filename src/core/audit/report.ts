/**
 * The insight report's figures (docs/report.md), pure: report-read.ts adds each decision and open
 * task once, and only their waits and ages are kept.
 */
import { z } from 'zod';

const HOUR = 3600;
const DAY = 24 * HOUR;

/** Each bucket holds the ages under its bound, and at or over the previous. */
const AGE_BUCKETS = [
  { bucket: 'under_1h', underSeconds: HOUR },
  { bucket: '1h_to_1d', underSeconds: DAY },
  { bucket: '1d_to_3d', underSeconds: 3 * DAY },
  { bucket: '3d_to_7d', underSeconds: 7 * DAY },
  { bucket: '7d_to_30d', underSeconds: 30 * DAY },
  { bucket: '30d_or_more', underSeconds: Number.POSITIVE_INFINITY },
] as const;
export type AgeBucket = (typeof AGE_BUCKETS)[number]['bucket'];

export const Count = z.number().int().nonnegative();
export const Seconds = z.number().int().nonnegative().nullable();

/** Decisions with a known wait (percentiles null with none). */
export const Stat = z.object({
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

/** `--days`, the `report` command's: a whole number from 1 to MAX_DAYS. */
export function parseDays(value: string): number | undefined {
  const days = /^\d{1,4}$/.test(value.trim()) ? Number(value) : Number.NaN;
  return days >= 1 && days <= MAX_DAYS ? days : undefined;
}

export const lastDays = (days: number, until: Date): ReportPeriod => ({
  since: new Date(until.getTime() - days * DAY * 1000),
  until,
});

/** The r-7 quantile (linear between the closest ranks, as spreadsheets compute it). */
function quantile(sorted: readonly number[], q: number): number | null {
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

export interface CountedDecision {
  /** Epoch ms. */
  at: number;
  inChat: boolean;
  /** Access user id. */
  by: string | undefined;
  /** Its first entry's id: orders approvers with as many decisions. */
  first: number;
  /** Seconds from its task's first start, when known. */
  wait: number | undefined;
  app: string | null;
  type: string | null;
}

export class ReportFigures {
  readonly #since: number;
  readonly #until: number;
  readonly #all: number[] = [];
  readonly #apps = new Map<string | null, number[]>();
  readonly #types = new Map<string | null, number[]>();
  readonly #approvers = new Map<string, number[]>();
  readonly #approverFirst = new Map<string, number>();
  readonly #decisions = { total: 0, inChat: 0, elsewhere: 0 };
  readonly #open = new Map<AgeBucket, number>(AGE_BUCKETS.map((b) => [b.bucket, 0]));
  #openTotal = 0;

  constructor(period: ReportPeriod) {
    this.#since = period.since.getTime();
    this.#until = period.until.getTime();
  }

  /** When open tasks are counted: the period's end, or `now` if sooner. */
  asOf(now: Date): number {
    return Math.min(this.#until, now.getTime());
  }

  decision(d: CountedDecision): void {
    this.#decisions.total++;
    if (d.inChat) this.#decisions.inChat++;
    else this.#decisions.elsewhere++;
    if (d.wait === undefined) return;
    this.#all.push(d.wait);
    push(this.#apps, d.app, d.wait);
    push(this.#types, d.type, d.wait);
    if (!d.by) return;
    push(this.#approvers, d.by, d.wait);
    this.#approverFirst.set(d.by, Math.min(this.#approverFirst.get(d.by) ?? d.first, d.first));
  }

  open(ageSeconds: number): void {
    const { bucket } = AGE_BUCKETS.find((b) => ageSeconds < b.underSeconds)!;
    this.#open.set(bucket, this.#open.get(bucket)! + 1);
    this.#openTotal++;
  }

  /** `names` of approvers. */
  figures(now: Date, sent: Report['sent'], names: ReadonlyMap<string, string> = new Map()): Report {
    return {
      since: new Date(this.#since).toISOString(),
      until: new Date(this.#until).toISOString(),
      asOf: new Date(this.asOf(now)).toISOString(),
      decisions: { ...this.#decisions },
      timeToDecision: {
        overall: stat(null, this.#all),
        byApplication: grouped(this.#apps),
        byApprover: [...this.#approvers]
          .sort(([a], [b]) => this.#approverFirst.get(a)! - this.#approverFirst.get(b)!)
          .map(([id, list]) => ({ ...stat(names.get(id) ?? null, list), accessUserId: id }))
          .sort(byCount),
        byTaskType: grouped(this.#types),
      },
      openTasks: {
        total: this.#openTotal,
        byAge: [...this.#open].map(([bucket, count]) => ({ bucket, count })),
      },
      sent,
    };
  }
}
