/**
 * The poller benchmark's table: a row per figure, each followed by the baseline it is read
 * against, measured in the same run (or the setting it must stay within), one column per store.
 */
import type { BenchResult, BenchSettings } from './poller-run.ts';

/** ACCESS_WEBHOOK_SAFETY_SWEEP's default, to which the quiet window is scaled. */
const DEFAULT_SAFETY_SWEEP_MS = 30 * 60_000;
const HOUR_MS = 3_600_000;

const seconds = (ms: number | null) => (ms === null ? '—' : (ms / 1000).toFixed(1));
const millis = (ms: number | null) => (ms === null ? '—' : String(ms));
const ratio = (value: number | null, of: number) =>
  value === null ? '—' : (value / of).toFixed(2);
const perPerson = (requests: number, people: number) => (people ? requests / people : 0);

/** p50 / p99 (`unit` formats them); a quantile not reached says how many were not sent in time. */
function delay(d: BenchResult['activeDelayMs'], unit = seconds): string {
  const over = `> ${unit(d.waitMs)}`;
  const p99 = d.p99 === null ? `${over} (${d.unsent} of ${d.of} not sent by then)` : unit(d.p99);
  return `${d.p50 === null ? over : unit(d.p50)} / ${p99}`;
}

export function pollerTable(s: BenchSettings, rows: BenchResult[]): string {
  const line = (label: string, cell: (r: BenchResult) => unknown) =>
    `| ${[label, ...rows.map(cell)].join(' | ')} |`;
  const knows = (setting: string) => (r: BenchResult) =>
    !r.unknownSettings.some((l) => l.includes(setting));
  const safety = s.pollerEnv.ACCESS_WEBHOOK_SAFETY_SWEEP;
  const window = seconds(s.quietWindowMs);
  const quietHour = (r: BenchResult) => {
    const requests = r.quiet.active.requests + r.quiet.quiet.requests;
    const measured = perPerson(requests, s.users);
    // A quiet window of the run's safety sweep stands for one of the default's, 30 minutes.
    const scale = knows('ACCESS_WEBHOOK_SAFETY_SWEEP')(r)
      ? HOUR_MS / (r.quiet.windowMs * (DEFAULT_SAFETY_SWEEP_MS / s.quietWindowMs))
      : HOUR_MS / r.quiet.windowMs;
    return (measured * scale).toFixed(2);
  };
  const offPerHour = (group: 'active' | 'quiet') => (r: BenchResult) =>
    (perPerson(r.off[group].requests, r.off[group].people) * (HOUR_MS / r.off.windowMs)).toFixed(1);
  const quietInterval = s.pollerEnv.POLL_QUIET_INTERVAL;
  return [
    line('store', (r) => r.db),
    line('---', () => '---:'),
    line('peak RSS of the poller process (MB, target < 250)', (r) => r.peakRssMb),
    line(
      `baseline: peak RSS before the first sweep (runtime started, ${s.users} people linked)`,
      (r) => r.rssBeforeMb,
    ),
    line('creation → sent, webhooks on: p50 / p99 (ms, target p99 < 1,000)', (r) =>
      delay(r.webhookDelayMs, millis),
    ),
    line('baseline: one Access Service request alone (ms)', (r) => r.roundTripMs),
    line(
      `Access Service requests per person in the quiet window, webhooks on (${window} s): mean / most`,
      (r) =>
        `${perPerson(r.quiet.active.requests + r.quiet.quiet.requests, s.users).toFixed(2)} / ${Math.max(r.quiet.active.max, r.quiet.quiet.max)}`,
    ),
    line(
      `baseline: people asked about in the quiet window (of ${s.users})`,
      (r) => r.quiet.active.polled + r.quiet.quiet.polled,
    ),
    line(
      `Access Service requests per person in a quiet hour, webhooks on (target ≤ 2): the window scaled from ACCESS_WEBHOOK_SAFETY_SWEEP=${safety} to its default 30m`,
      quietHour,
    ),
    line(
      'baseline: requests per person per hour, webhooks off, same run: active / everyone else',
      (r) => `${offPerHour('active')(r)} / ${offPerHour('quiet')(r)}`,
    ),
    line('creation → sent, webhooks off, people active in the last 30 days: p50 / p99 (s)', (r) =>
      delay(r.activeDelayMs),
    ),
    line(`p99 ÷ POLL_INTERVAL_SECONDS=${s.intervalSeconds} (target ≤ 1)`, (r) =>
      ratio(r.activeDelayMs.p99, s.intervalSeconds * 1000),
    ),
    line('creation → sent, webhooks off, everyone else: p50 / p99 (s)', (r) =>
      delay(r.quietDelayMs),
    ),
    line(`p99 ÷ POLL_QUIET_INTERVAL=${quietInterval} (target ≤ 1)`, (r) =>
      r.quietIntervalMs ? ratio(r.quietDelayMs.p99, r.quietIntervalMs) : '—',
    ),
    line('Access Service requests in the busiest second of the run', (r) => r.off.maxPerSecond),
    line(`÷ POLL_MAX_RPS=${s.maxRps} (target ≤ 1)`, (r) => ratio(r.off.maxPerSecond, s.maxRps)),
    line(
      'baseline: the same requests, no poller, no bound, same concurrency (requests/s)',
      (r) => r.baselineRps,
    ),
    line(
      'messages sent in the quiet window, but for tasks of the webhooks phase: a second quiet sweep (must be 0)',
      (r) => r.sentWhenQuiet,
    ),
    line('baseline: messages sent in the first sweep', (r) => r.notified),
    line('first sweep, everyone due at once (s)', (r) => seconds(r.sweepMs)),
    line('baseline: people ÷ the lower of POLL_MAX_RPS and the baseline rate (s)', (r) =>
      (s.users / Math.min(s.maxRps, r.baselineRps)).toFixed(1),
    ),
    line('duplicates (must be 0)', (r) => r.duplicates),
    line('run time: stand-in seeded / people linked / whole run (s)', (r) =>
      [r.seedMs, r.linkMs, r.totalMs].map(seconds).join(' / '),
    ),
    line('PostgreSQL tables vacuumed by', (r) => r.vacuumedBy ?? '—'),
    line(
      'poll_schedule at the end: live / dead rows, updates (of them on the page), vacuums, MB',
      (r) =>
        r.schedule
          ? `${r.schedule.live} / ${r.schedule.dead}, ${r.schedule.updated} (${r.schedule.updated_on_page}), ${r.schedule.vacuums}, ${r.schedule.mb}`
          : '—',
    ),
    line('load average of the machine over the last 15 minutes of the run', (r) => r.load),
  ].join('\n');
}
