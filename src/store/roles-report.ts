/**
 * The insight report's reads of the audit log (see roles.ts for the other roles): counts and
 * bounded pages through indexes, so a report reads what its period needs and holds one page.
 */
import type {
  ReportCursor,
  ReportEntry,
  ReportMark,
  ReportPage,
  ReportPeriodQuery,
  Sibling,
} from './report-records.ts';

export interface ReportStore {
  /** The audit rows of the period, counted no further than `atMost` (the report's cap). */
  countAuditRows(period: ReportPeriodQuery, atMost: number): Promise<number>;
  /** Reminders, escalations and nudges in the period. */
  countSent(
    period: ReportPeriodQuery,
  ): Promise<{ reminders: number; escalations: number; nudges: number }>;
  /**
   * Approvals and declines in the period, through the bot or found elsewhere, after `after`,
   * oldest first (by instant, then id), at most `limit`.
   */
  decisionMarks(
    period: ReportPeriodQuery,
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
