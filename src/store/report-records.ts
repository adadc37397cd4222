/**
 * The audit log as the insight report reads it: bounded pages of one kind of entry, oldest first
 * (the period's decisions, the notifications before its end), and the few facts of a task the
 * figures need, never whole entries.
 */
import { z } from 'zod';

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

export interface ReportPeriodQuery {
  since: Date;
  /** Exclusive. */
  until: Date;
}
