/**
 * The store slice of the insight report: how it reads the audit log — bounded pages of one kind
 * of entry, oldest first, and the few facts of a task the figures need, never whole entries —
 * and the role it needs. It reads the audit table (`src/store/tables/report.ts`) through the
 * indexes the SQLite and PostgreSQL migrations make for it.
 */
import { z } from 'zod';
import type { ReportPeriod } from './report.ts';

/** A task's entry: what it did, and the facts its time to decision and age come from. */
export const ReportEntry = z.object({
  id: z.coerce.number().int(),
  at: z.date(),
  taskId: z.string(),
  action: z.string(),
  outcome: z.string(),
  taskCreatedAt: z.date().nullable(),
  appName: z.string().nullable(),
  taskType: z.string().nullable(),
  /** Who decided: the approver through the bot, or whom the service named for one elsewhere. */
  decider: z.string().nullable(),
});
export type ReportEntry = z.infer<typeof ReportEntry>;

/** Where a walk through one kind of entry is: after this instant and id. */
export interface ReportCursor {
  at: Date;
  id: number;
}

/** One entry of a walk: its place, and its task. */
export const ReportMark = z.object({
  id: z.coerce.number().int(),
  at: z.date(),
  taskId: z.string(),
});
export type ReportMark = z.infer<typeof ReportMark>;

/** A page of a walk: the marks it kept, and where the next page starts (none: the walk is over). */
export interface ReportPage {
  marks: ReportMark[];
  next: ReportCursor | undefined;
}

/** A task whose request was decided by `decider` with `outcome`: a decision's other tasks. */
export const Sibling = z.object({
  taskId: z.string(),
  decider: z.string().nullable(),
  outcome: z.string(),
  taskCreatedAt: z.date(),
});
export type Sibling = z.infer<typeof Sibling>;

export interface ReportStore {
  /** The audit rows of the period, counted no further than `atMost` (the report's cap). */
  countAuditRows(period: ReportPeriod, atMost: number): Promise<number>;
  /** Reminders, escalations and nudges in the period. */
  countSent(
    period: ReportPeriod,
  ): Promise<{ reminders: number; escalations: number; nudges: number }>;
  /**
   * Approvals and declines in the period, through the bot or found elsewhere, after `after`,
   * oldest first (by instant, then id), at most `limit`.
   */
  decisionMarks(
    period: ReportPeriod,
    after: ReportCursor | undefined,
    limit: number,
  ): Promise<ReportMark[]>;
  /**
   * Of the next `limit` notifications before `before` after `after` (oldest first), those whose
   * task nothing closed (decided, or found decided or gone) before `until`; and where the next
   * page starts.
   */
  openNotifications(
    before: Date,
    until: Date,
    after: ReportCursor | undefined,
    limit: number,
  ): Promise<ReportPage>;
  /** The entries before `until` of these tasks, by id, but refused or failed attempts. */
  taskEntries(taskIds: readonly string[], until: Date): Promise<ReportEntry[]>;
  /** Approvals and declines before `until` of tasks created at one of these instants. */
  decidedCreatedAt(instants: readonly Date[], until: Date): Promise<Sibling[]>;
}
