/**
 * The report as a JSON, CSV or HTML file, made a piece at a time for `npm run report` to write as
 * it goes; names from the trail made printable in every format, as the audit export's cells are.
 */
import type { Voice } from '../i18n/voice.ts';
import { printable } from '../text.ts';
import { csvCell } from './export-rows.ts';
import type { Report, Stat } from './report.ts';
import type { AskFigures } from './report-asks.ts';
import type { Campaign, Campaigns } from './report-campaigns.ts';
import { reportHtmlParts } from './report-html.ts';

export const REPORT_FORMATS = ['json', 'csv', 'html'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];

const CSV_COLUMNS = ['section', 'key', 'name', 'count', 'median_seconds', 'p90_seconds'];

type Row = [section: string, key: string, name?: string | null, ...numbers: (number | null)[]];

const named = <S extends Stat>(stat: S): S => ({
  ...stat,
  name: stat.name && printable(stat.name),
});

const printed = (name: string | null) => name && printable(name);

const cleanCampaign = (c: Campaign): Campaign => ({
  ...c,
  application: printed(c.application),
  applicationId: printed(c.applicationId),
  level: printed(c.level),
  reviewer: printed(c.reviewer),
  reviewerId: printable(c.reviewerId),
});

function cleaned<R extends Report & { campaigns?: Campaigns }>(report: R): R {
  const t = report.timeToDecision;
  return {
    ...report,
    ...(report.campaigns && {
      campaigns: { ...report.campaigns, list: report.campaigns.list.map(cleanCampaign) },
    }),
    timeToDecision: {
      overall: t.overall,
      byApplication: t.byApplication.map(named),
      byApprover: t.byApprover.map(named),
      byTaskType: t.byTaskType.map(named),
    },
  };
}

const statRow = (section: string, key: string, s: Stat): Row => [
  section,
  key,
  s.name,
  s.count,
  s.medianSeconds,
  s.p90Seconds,
];

function* csv(report: Report & { asks?: AskFigures }): Generator<string> {
  const t = report.timeToDecision;
  const { decisions: d, sent } = report;
  const { questions: q, away } = report.asks ?? {};
  const rows: Row[] = [
    ['period', 'since', report.since],
    ['period', 'until', report.until],
    ['period', 'as_of', report.asOf],
    ['decisions', 'total', null, d.total],
    ['decisions', 'in_chat', null, d.inChat],
    ['decisions', 'elsewhere', null, d.elsewhere],
    statRow('time_to_decision', 'overall', t.overall),
    ...t.byApplication.map((s) => statRow('by_application', '', s)),
    ...t.byApprover.map((s) => statRow('by_approver', s.accessUserId, s)),
    ...t.byTaskType.map((s) => statRow('by_task_type', '', s)),
    ['open_tasks', 'total', null, report.openTasks.total],
    ...report.openTasks.byAge.map((a): Row => ['open_tasks', a.bucket, null, a.count]),
    ['sent', 'reminders', null, sent.reminders],
    ['sent', 'escalations', null, sent.escalations],
    ['sent', 'nudges', null, sent.nudges],
    ...(q && away
      ? ([
          ['questions', 'asked', null, q.asked],
          ['questions', 'answered', null, q.answered, q.answerMedianSeconds, q.answerP90Seconds],
          ['away', 'tasks', null, away.tasks, away.waitMedianSeconds, away.waitP90Seconds],
        ] satisfies Row[])
      : []),
  ];
  yield csvLine(CSV_COLUMNS);
  for (const row of rows) yield csvLine(CSV_COLUMNS.map((_, i) => row[i]));
}

const csvLine = (cells: readonly (string | number | null | undefined)[]) =>
  `${cells.map((cell) => csvCell(cell == null ? null : String(cell))).join(',')}\r\n`;

const CAMPAIGN_COLUMNS = [
  'application',
  'application_id',
  'level',
  'reviewer',
  'reviewer_id',
  'opened',
  'due',
  'last_decided',
  'reviews',
  'kept',
  'revoked',
  'undecided',
  'late',
  'status',
  'duration_seconds',
];

/** `npm run report -- --campaigns --format csv`: the campaigns, one a row. */
export function* campaignCsv(campaigns: Campaigns): Generator<string> {
  yield csvLine(CAMPAIGN_COLUMNS);
  for (const c of campaigns.list.map(cleanCampaign)) {
    yield csvLine([
      c.application,
      c.applicationId,
      c.level,
      c.reviewer,
      c.reviewerId,
      c.opened,
      c.due,
      c.lastDecided,
      c.reviews,
      c.kept,
      c.revoked,
      c.undecided,
      c.late,
      c.status,
      c.durationSeconds,
    ]);
  }
}

/** `v` is for the HTML page; the CSV and JSON are the same in every language. */
export function* reportParts(
  report: Report & { asks?: AskFigures; campaigns?: Campaigns },
  format: ReportFormat,
  v: Voice,
): Generator<string> {
  const clean = cleaned(report);
  if (format === 'csv') yield* csv(clean);
  else if (format === 'html') yield* reportHtmlParts(v, clean);
  else yield `${JSON.stringify(clean, null, 2)}\n`;
}
