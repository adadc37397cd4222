/**
 * The options of `npm run report`: `--since`/`--until`, or `--days <n>` back from `--until` (or
 * now), 30 by default; dates as in `npm run audit`. Anything else is refused with one line.
 */
import {
  DEFAULT_DAYS,
  lastDays,
  MAX_DAYS,
  parseDays,
  type ReportPeriod,
} from '../src/core/audit/report.ts';
import { REPORT_FORMATS, type ReportFormat } from '../src/core/audit/report-out.ts';
import { ConfigError } from '../src/errors.ts';
import { instant, stringOptions } from './audit-args.ts';

export interface ReportOptions extends ReportPeriod {
  format: ReportFormat;
  /** Undefined: standard output. */
  out: string | undefined;
  /** The access review campaigns alone, one a CSV row. */
  campaigns: boolean;
}

export const REPORT_USAGE =
  'usage: npm run report -- [--days 30 | --since 2026-11-01] [--until 2026-11-30] [--format json|csv|html | --campaigns] [--out report.html]';

export function parseReportArgs(argv: readonly string[], now: Date): ReportOptions {
  // The one flag without a value.
  const campaigns = argv.includes('--campaigns');
  const rest = argv.filter((arg) => arg !== '--campaigns');
  const values = stringOptions(rest, ['since', 'until', 'days', 'format', 'out']);
  if (values.days !== undefined && values.since !== undefined) {
    throw new ConfigError('give --days or --since, not both');
  }
  const until = values.until === undefined ? now : instant('until', values.until, true);
  let period: ReportPeriod;
  if (values.since !== undefined) period = { since: instant('since', values.since, false), until };
  else {
    const days = values.days === undefined ? DEFAULT_DAYS : parseDays(values.days);
    if (days === undefined) {
      throw new ConfigError(
        `--days must be a whole number from 1 to ${MAX_DAYS}, got "${String(values.days).slice(0, 20)}"`,
      );
    }
    period = lastDays(days, until);
  }
  if (period.until <= period.since) throw new ConfigError('--until must be after --since');
  const format = (values.format ?? (campaigns ? 'csv' : 'json')) as ReportFormat;
  if (!REPORT_FORMATS.includes(format)) {
    throw new ConfigError(
      `--format must be json, csv or html, got "${String(values.format).slice(0, 20)}"`,
    );
  }
  if (campaigns && format !== 'csv') {
    throw new ConfigError(
      '--campaigns is a CSV of its own; the JSON and HTML reports hold the campaigns already',
    );
  }
  if (values.out !== undefined && !values.out.trim()) throw new ConfigError('--out needs a file');
  return { ...period, format, out: values.out, campaigns };
}
