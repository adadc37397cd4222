/**
 * `npm run bench:poller`: the poller against a sandbox of 10,000 linked users and 50,000 tasks
 * (2,000 of them newly pending) answering each request after a fixed latency (20 ms), on SQLite
 * and on PostgreSQL (BENCH_DATABASE_URL or TEST_DATABASE_URL; skipped when neither is set).
 * Each store runs in its own process (bench/poller-run.ts), so each peak RSS is its own.
 *
 * Settings: BENCH_USERS, BENCH_TASKS, BENCH_PENDING, BENCH_LATENCY_MS, BENCH_CONCURRENCY,
 * BENCH_CREATED (tasks created in each delay phase), BENCH_INTERVAL_SECONDS (webhooks off),
 * BENCH_DBS (e.g. "sqlite"), BENCH_NODE_OPTIONS (the poller process's node flags; "" for Node's
 * defaults). By default the poller runs with `npm start`'s flags, which cap V8's young
 * generation and old space: the live heap of a 10,000-user sweep is about 30 MB, but with Node's
 * defaults V8 lets garbage grow the heap to over 200 MB before it collects.
 */
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { BenchSettings } from './poller-run.ts';
import { startFlags } from './start-flags.ts';

const env = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const settings: BenchSettings = {
  users: env('BENCH_USERS', 10_000),
  tasks: env('BENCH_TASKS', 50_000),
  pending: env('BENCH_PENDING', 2_000),
  latencyMs: env('BENCH_LATENCY_MS', 20),
  concurrency: env('BENCH_CONCURRENCY', 20),
  created: env('BENCH_CREATED', 200),
  intervalMs: env('BENCH_INTERVAL_SECONDS', 30) * 1000,
};
const postgres = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
const dbs = (process.env.BENCH_DBS ?? (postgres ? 'sqlite,postgres' : 'sqlite')).split(',');
const runner = fileURLToPath(new URL('./poller-run.ts', import.meta.url));
const flags =
  process.env.BENCH_NODE_OPTIONS === undefined
    ? startFlags()
    : process.env.BENCH_NODE_OPTIONS.split(' ').filter(Boolean);

process.stdout.write(
  `poller benchmark: ${settings.users} users, ${settings.tasks} tasks (${settings.pending} newly pending), ` +
    `${settings.latencyMs} ms per request, concurrency ${settings.concurrency}, ` +
    `node ${flags.join(' ') || '(default flags)'}\n\n`,
);
const rows = dbs.map((db) => {
  const out = execFileSync(process.execPath, [...flags, runner, db, JSON.stringify(settings)], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
    maxBuffer: 1 << 20,
  });
  return JSON.parse(out.trim().split('\n').at(-1) ?? '{}');
});

const line = (cells: unknown[]) => `| ${cells.join(' | ')} |`;
const table = [
  line(['store', ...rows.map((r) => r.db)]),
  line(['---', ...rows.map(() => '---:')]),
  line(['sweep of all users (ms)', ...rows.map((r) => r.sweepMs)]),
  line(['ideal users × latency / concurrency (ms)', ...rows.map((r) => r.idealMs)]),
  line(['throughput vs nominal ideal', ...rows.map((r) => r.ratio)]),
  line([
    'baseline: the same requests, no poller, same concurrency (ms)',
    ...rows.map((r) => r.bareMs),
  ]),
  line(['throughput vs that baseline (target ≥ 0.85)', ...rows.map((r) => r.bareRatio)]),
  line(['one request alone, measured (ms)', ...rows.map((r) => r.roundTripMs)]),
  line([
    'throughput vs users × measured request / concurrency',
    ...rows.map((r) => r.roundTripRatio),
  ]),
  line(['notifications sent in the sweep', ...rows.map((r) => r.notified)]),
  line(['notifications per second', ...rows.map((r) => r.notificationsPerSecond)]),
  line(['second sweep, nothing new (ms)', ...rows.map((r) => r.secondSweepMs)]),
  line(['duplicates (must be 0)', ...rows.map((r) => r.duplicates)]),
  line([
    'creation → sent, webhooks on: p50 / p99 (ms)',
    ...rows.map((r) => `${r.webhookDelayMs.p50} / ${r.webhookDelayMs.p99}`),
  ]),
  line([
    `creation → sent, webhooks off (interval ${settings.intervalMs / 1000} s): p50 / p99 (ms)`,
    ...rows.map((r) => `${r.pollingDelayMs.p50} / ${r.pollingDelayMs.p99}`),
  ]),
  line([
    'delivered in the delay phases',
    ...rows.map(
      (r) =>
        `${r.webhookDelayMs.delivered + r.pollingDelayMs.delivered} of ${r.webhookDelayMs.of + r.pollingDelayMs.of}`,
    ),
  ]),
  line(['peak RSS (MB, target < 250)', ...rows.map((r) => r.peakRssMb)]),
];
process.stdout.write(`${table.join('\n')}\n`);
