/**
 * The insight report of DATABASE_URL's store (docs/report.md): read in bounded pages with no cap
 * on the period (its own process, not a replica's). A file written is for its owner only: it
 * names approvers.
 */
import { createWriteStream } from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { reportParts } from '../src/core/audit/report-out.ts';
import { readReport } from '../src/core/audit/report-read.ts';
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

const command = { name: 'report', usage: REPORT_USAGE, argv: process.argv.slice(2) };
const parse = (argv: readonly string[]) => parseReportArgs(argv, new Date());
process.exitCode = await storeCommand(command, parse, async (store, options) => {
  const report = await readReport(store, options, new Date());
  const body = () => Readable.from(reportParts(report, options.format, readerVoice(process.env)));
  const { total } = report.decisions;
  const made = `${total} ${total === 1 ? 'decision' : 'decisions'}, ${report.openTasks.total} open`;
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
