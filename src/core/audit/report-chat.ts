/**
 * `report [days]`, for auditors: the top lines of the insight report, privately. Anyone else is
 * refused with the same words whatever the log holds.
 */
import type { IdentityLink } from '../../store/store.ts';
import type { Voice } from '../i18n/voice.ts';
import { info, listBlock, type Reply } from '../reply.ts';
import { inert } from '../text.ts';
import type { AuditDeps } from './deps.ts';
import { lastDays, type Report } from './report.ts';
import { type AskFigures, askLines } from './report-asks.ts';
import { type Campaigns, campaignLine, readCampaigns } from './report-campaigns.ts';
import {
  peopleNames,
  ReportCutShortError,
  ReportTooLargeError,
  readReport,
} from './report-read.ts';
import { duration } from './report-text.ts';

const SLOWEST = 3;
/** The slot is the process's only one: a report that takes longer gives it back, unfinished. */
export const REPORT_WITHIN_MS = 60_000;

/** One report at a time, never queued: each holds a page of the log, and SQLite reads here. */
let reading = false;

export async function reportReply(deps: AuditDeps, link: IdentityLink, v: Voice, days: number) {
  const allowed = await deps.mayAudit(link, v, 'report');
  if (!allowed.ok) return allowed.reply;
  if (reading) return info(v, v.t('report.chat.busy'));
  reading = true;
  const now = deps.now();
  try {
    const deadline = { at: new Date(now.getTime() + REPORT_WITHIN_MS), now: deps.now };
    const period = lastDays(days, now);
    const report = await readReport(deps.store, period, now, deps.reportMaxRows, deadline);
    const names = await peopleNames(deps.store);
    const campaigns = await readCampaigns(deps.store, period, now, deps.reviewDueDays, names);
    return summaryReply(v, { ...report, campaigns }, days);
  } catch (error) {
    if (error instanceof ReportTooLargeError) {
      return info(v, v.t('report.chat.tooLarge', { days, max: error.maxRows }));
    }
    if (error instanceof ReportCutShortError) {
      deps.log.warn({ days, withinMs: REPORT_WITHIN_MS }, 'a report in chat ran past its deadline');
      return info(v, v.t('report.chat.cutShort', { days, seconds: REPORT_WITHIN_MS / 1000 }));
    }
    deps.log.warn({ err: error }, 'could not read the audit log for a report');
    return info(v, v.t('report.chat.cannotRead'));
  } finally {
    reading = false;
  }
}

export function summaryReply(
  v: Voice,
  r: Report & { asks?: AskFigures; campaigns?: Campaigns },
  days: number,
): Reply {
  const { overall, byApplication } = r.timeToDecision;
  const slowest = byApplication
    .filter((s) => s.p90Seconds !== null)
    .toSorted((a, b) => b.p90Seconds! - a.p90Seconds!)
    .slice(0, SLOWEST)
    .map((s) =>
      v.t('report.chat.slow', {
        name: inert(s.name ?? v.t('report.notRecorded'), 60),
        p90: duration(v, s.p90Seconds),
      }),
    );
  const overWeek = r.openTasks.byAge
    .filter((a) => a.bucket === '7d_to_30d' || a.bucket === '30d_or_more')
    .reduce((sum, a) => sum + a.count, 0);
  const { decisions: d, sent } = r;
  const lines = [
    v.t('report.chat.decisions', d),
    v.t('report.chat.waits', {
      median: duration(v, overall.medianSeconds),
      p90: duration(v, overall.p90Seconds),
    }),
    ...(slowest.length ? [v.t('report.chat.slowest', { names: slowest.join(', ') })] : []),
    v.t('report.chat.open', { total: r.openTasks.total, overWeek }),
    v.t('report.chat.sent', sent),
    ...(r.asks ? askLines(v, r.asks) : []),
    ...(r.campaigns ? [campaignLine(v, r.campaigns)] : []),
  ];
  const title = v.t('report.chat.title', { days });
  return info(v, v.t('report.chat.summary', { title, lines: lines.join('; ') }), {
    title,
    blocks: [
      listBlock(lines, lines.length),
      { kind: 'note', text: v.t('report.chat.full', { days }) },
    ],
  });
}
