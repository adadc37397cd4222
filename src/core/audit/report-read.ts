/**
 * The report of a period, read from the store: the audit log up to the period's end, a page at a
 * time (open tasks need what came before the period too), and the approvers' names from the
 * identity links.
 */
import type { AuditStore, AwayStore, LinkStore, TaskQuestionStore } from '../../store/store.ts';
import { auditPages } from './export.ts';
import { type Report, type ReportPeriod, ReportTally } from './report.ts';
import { type AskFigures, readAskFigures } from './report-asks.ts';

export async function readReport(
  store: AuditStore & LinkStore & TaskQuestionStore & AwayStore,
  period: ReportPeriod,
  now: Date,
): Promise<Report & { asks: AskFigures }> {
  const tally = new ReportTally(period);
  for await (const page of auditPages(store, { until: period.until })) {
    for (const entry of page) tally.add(entry);
  }
  const links = await store.listLinks();
  const names = new Map(links.map((l) => [l.accessUserId, l.displayName ?? l.email]));
  return { ...tally.figures(now, names), asks: await readAskFigures(store, period, now) };
}
