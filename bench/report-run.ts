/**
 * One measured run of `npm run bench:report`, in a process started with `npm start`'s flags:
 * `node FLAGS bench/report-run.ts <database-url> <days|all> <end> [max-rows]`. `all` counts
 * every row of the audit log through its index (the baseline); a number of days reads the
 * report of the days before `end`, as `report <days>` does (capped at `max-rows` when given).
 * Prints one JSON line: the time taken, the process's peak RSS, and how long the event loop
 * was held at most (how long anyone else's command waited for its turn).
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { lastDays } from '../src/core/audit/report.ts';
import { ReportTooLargeError, readReport } from '../src/core/audit/report-read.ts';
import { openStore } from '../src/store/open.ts';

const [databaseUrl, days, end, maxRows] = process.argv.slice(2);
const until = new Date(end!);
const store = await openStore(databaseUrl!);
const loop = monitorEventLoopDelay({ resolution: 1 });
loop.enable();
const started = performance.now();
let result: Record<string, unknown>;
if (days === 'all') {
  const rows = await store.countAuditRows({ since: new Date(0), until }, Number.MAX_SAFE_INTEGER);
  result = { rows };
} else {
  const limits = maxRows ? Number(maxRows) : undefined;
  try {
    const report = await readReport(store, lastDays(Number(days), until), until, limits);
    result = { decisions: report.decisions.total, open: report.openTasks.total };
  } catch (error) {
    if (!(error instanceof ReportTooLargeError)) throw error;
    result = { refused: `more than ${error.maxRows} rows` };
  }
}
const ms = performance.now() - started;
loop.disable();
await store.close();
process.stdout.write(
  `${JSON.stringify({
    ...result,
    ms: Math.round(ms),
    peakRssMb: Math.round(process.resourceUsage().maxRSS / 1024),
    loopMaxMs: Math.round(loop.max / 1e6),
  })}\n`,
);
