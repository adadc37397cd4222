/**
 * The store slice of the insight report (`src/store/tables/report.ts`): bounded pages, oldest
 * first, and only the facts of a task the figures need, never whole entries.
 */
import { z } from 'zod';
import type { ReportPeriod } from './report.ts';

export const ReportEntry = z.object({
  id: z.coerce.number().int(),
  at: z.date(),
  taskId: z.string(),
  action: z.string(),
  outcome: z.string(),
  taskCreatedAt: z.date().nullable(),
  appName: z.string().nullable(),
  taskType: z.string().nullable(),
  /** The approver through the bot, or whom the service named for a decision elsewhere. */
  decider: z.string().nullable(),
});
export type ReportEntry = z.infer<typeof ReportEntry>;

/** A walk goes on after this instant and id. */
export interface ReportCursor {
  at: Date;
  id: number;
}

export const ReportMark = z.object({
  id: z.coerce.number().int(),
  at: z.date(),
  taskId: z.string(),
});
export type ReportMark = z.infer<typeof ReportMark>;

export interface ReportPage {
  marks: ReportMark[];
  /** None: the walk is over. */
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

/**
 * One access review campaign as the store groups it: one reviewer's reviews of one application
 * and level opened on one day (UTC). Instants as epoch milliseconds; `dueMs` the earliest due.
 */
export const CampaignRow = z.object({
  reviewer: z.string(),
  appId: z.string().nullable(),
  appName: z.string().nullable(),
  levelName: z.string().nullable(),
  reviews: z.coerce.number().int(),
  kept: z.coerce.number().int(),
  revoked: z.coerce.number().int(),
  /** Decided after their due date. */
  late: z.coerce.number().int(),
  /** Undecided at `asOf`, their due date passed. */
  overdue: z.coerce.number().int(),
  openedMs: z.coerce.number(),
  dueMs: z.coerce.number(),
  /** The last decision; none while none is decided. */
  lastMs: z.coerce.number().nullable(),
});
export type CampaignRow = z.infer<typeof CampaignRow>;

export interface CampaignQuery extends ReportPeriod {
  /** Undecided reviews are overdue when due before this. */
  asOf: Date;
  /** A review with no due date recorded is due this long after it was opened. */
  dueAfterMs: number;
  limit: number;
}

export interface ReportStore {
  /** Campaigns opened in the period, as the trail stands at its end; oldest first. */
  reviewCampaigns(query: CampaignQuery): Promise<CampaignRow[]>;
  /** Counted no further than `atMost`. */
  countAuditRows(period: ReportPeriod, atMost: number): Promise<number>;
  countSent(
    period: ReportPeriod,
  ): Promise<{ reminders: number; escalations: number; nudges: number }>;
  /** Approvals and declines, through the bot or found elsewhere, oldest first (instant, id). */
  decisionMarks(
    period: ReportPeriod,
    after: ReportCursor | undefined,
    limit: number,
  ): Promise<ReportMark[]>;
  /** Of the next `limit` notifications, those whose task nothing closed before `until`. */
  openNotifications(
    before: Date,
    until: Date,
    after: ReportCursor | undefined,
    limit: number,
  ): Promise<ReportPage>;
  /** By id, without refused or failed attempts. */
  taskEntries(taskIds: readonly string[], until: Date): Promise<ReportEntry[]>;
  /** Of tasks created at one of these instants. */
  decidedCreatedAt(instants: readonly Date[], until: Date): Promise<Sibling[]>;
}
