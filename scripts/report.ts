/**
 * The insight report of DATABASE_URL's store (docs/report.md): read in bounded pages with no cap
 * on the period (its own process, not a replica's). A file written is for its owner only: it
 * names approvers.
 */
import { createWriteStream } from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { notifications } from '../src/app/settings-behaviour.ts';
import { readCampaigns } from '../src/core/audit/report-campaigns.ts';
import { campaignCsv, reportParts } from '../src/core/audit/report-out.ts';
import { peopleNames, readReport } from '../src/core/audit/report-read.ts';
import { terminalLocale, voiceFor } from '../src/core/i18n/voice.ts';
import { ConfigError } from '../src/errors.ts';
import { preparePrivateFile } from '../src/private-file.ts';
import { parseReportArgs, REPORT_USAGE } from './report-args.ts';
import { storeCommand } from './store-cli.ts';

/** The page speaks the reader's terminal language (else DEFAULT_LOCALE), times in DEFAULT_TIME_ZONE. */
const readerVoice = (env: NodeJS.ProcessEnv) =>
  voiceFor(terminalLocale(env), undefined, {
    locale: env.DEFAULT_LOCALE || 'en',
    timeZone: env.DEFAULT_TIME_ZONE || 'UTC',
  });

const plural = (n: number, what: string) => `${n} ${what}${n === 1 ? '' : 's'}`;

const command = { name: 'report', usage: REPORT_USAGE, argv: process.argv.slice(2) };
const parse = (argv: readonly string[]) => parseReportArgs(argv, new Date());
/** REVIEW_DUE_DAYS as accessbot reads it: the due date of a review the service gave none. */
function reviewDueDays(env: NodeJS.ProcessEnv): number {
  const days = notifications.REVIEW_DUE_DAYS.safeParse(env.REVIEW_DUE_DAYS);
  if (!days.success) throw new ConfigError('REVIEW_DUE_DAYS must be a whole number from 1 to 365');
  return days.data;
}

process.exitCode = await storeCommand(command, parse, async (store, options) => {
  const now = new Date();
  const dueDays = reviewDueDays(process.env);
  const names = await peopleNames(store);
  const campaigns = await readCampaigns(store, options, now, dueDays, names);
  const report = options.campaigns ? undefined : await readReport(store, options, now);
  const parts = () =>
    report
      ? reportParts({ ...report, campaigns }, options.format, readerVoice(process.env))
      : campaignCsv(campaigns);
  const body = () => Readable.from(parts());
  const made = report
    ? `${plural(report.decisions.total, 'decision')}, ${report.openTasks.total} open, ${plural(campaigns.list.length, 'review campaign')}`
    : plural(campaigns.list.length, 'review campaign');
  if (!options.out) {
    await pipeline(body(), process.stdout, { end: false });
    return made;
  }
  try {
    preparePrivateFile(options.out);
    await pipeline(body(), createWriteStream(options.out));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'failed';
    throw new ConfigError(`cannot write ${options.out} (${code})`);
  }
  return `${made}: written to ${options.out}`;
});
