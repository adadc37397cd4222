/**
 * `npm run bench:poller`: the poller against an Access Service stand-in of 10,000 linked people
 * and 50,000 tasks (2,000 of them newly pending) answering each request after a fixed latency
 * (20 ms), on SQLite and on PostgreSQL (BENCH_DATABASE_URL or TEST_DATABASE_URL; skipped when
 * neither is set). The stand-in runs in a process of its own, and the poller in another per
 * store (bench/poller-run.ts) started with `npm start`'s node flags, so each peak RSS is the
 * poller's alone.
 *
 * Settings: BENCH_USERS, BENCH_TASKS, BENCH_PENDING, BENCH_LATENCY_MS, BENCH_CONCURRENCY,
 * BENCH_CREATED (tasks created in each delay phase), BENCH_DBS (e.g. "sqlite"),
 * BENCH_NODE_OPTIONS (the poller process's node flags; "" for Node's defaults); the poller's own
 * settings for the run: BENCH_INTERVAL_SECONDS (POLL_INTERVAL_SECONDS), BENCH_MAX_RPS
 * (POLL_MAX_RPS), BENCH_QUIET_INTERVAL (POLL_QUIET_INTERVAL), BENCH_SAFETY_SWEEP
 * (ACCESS_WEBHOOK_SAFETY_SWEEP), BENCH_WEBHOOK_SILENCE (ACCESS_WEBHOOK_SILENCE); the cadences are
 * shorter than their defaults so that a run ends, and the figures are given against them.
 */
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { parseDuration } from '../src/app/env-values.ts';
import type { BenchResult, BenchSettings } from './poller-run.ts';
import { pollerTable } from './poller-table.ts';
import { startFlags } from './start-flags.ts';

const env = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const text = (name: string, fallback: string) => process.env[name] ?? fallback;
const safetySweep = text('BENCH_SAFETY_SWEEP', '300s');
const safetySweepMs = parseDuration(safetySweep) ?? 0;
const quietInterval = text('BENCH_QUIET_INTERVAL', '360s');
// Healthy through the settling (one quiet interval) and the quiet window (one safety sweep).
const silenceSeconds =
  Math.round(((parseDuration(quietInterval) ?? 0) + safetySweepMs) / 1000) + 20;
const silence = text('BENCH_WEBHOOK_SILENCE', `${silenceSeconds}s`);
const settings: BenchSettings = {
  users: env('BENCH_USERS', 10_000),
  tasks: env('BENCH_TASKS', 50_000),
  pending: env('BENCH_PENDING', 2_000),
  latencyMs: env('BENCH_LATENCY_MS', 20),
  concurrency: env('BENCH_CONCURRENCY', 20),
  created: env('BENCH_CREATED', 200),
  intervalSeconds: env('BENCH_INTERVAL_SECONDS', 30),
  maxRps: env('BENCH_MAX_RPS', 600),
  pollerEnv: {
    POLL_QUIET_INTERVAL: quietInterval,
    ACCESS_WEBHOOK_SAFETY_SWEEP: safetySweep,
    ACCESS_WEBHOOK_SILENCE: silence,
  },
  quietWindowMs: safetySweepMs,
  settleMs: (parseDuration(silence) ?? 0) + 5_000,
  baselineUsers: env('BENCH_BASELINE_USERS', 10_000),
};
const postgres = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
const dbs = (process.env.BENCH_DBS ?? (postgres ? 'sqlite,postgres' : 'sqlite')).split(',');
const runner = fileURLToPath(new URL('./poller-run.ts', import.meta.url));
const flags =
  process.env.BENCH_NODE_OPTIONS === undefined
    ? startFlags()
    : process.env.BENCH_NODE_OPTIONS.split(' ').filter(Boolean);

process.stdout.write(
  `poller benchmark: ${settings.users} people, ${settings.tasks} tasks (${settings.pending} newly pending), ` +
    `${settings.latencyMs} ms per request, concurrency ${settings.concurrency}, ` +
    `POLL_INTERVAL_SECONDS=${settings.intervalSeconds} POLL_MAX_RPS=${settings.maxRps} ` +
    `${Object.entries(settings.pollerEnv)
      .map(([k, v]) => `${k}=${v}`)
      .join(' ')}, node ${flags.join(' ') || '(default flags)'}\n\n`,
);
const rows = dbs.map((db): BenchResult => {
  const out = execFileSync(process.execPath, [...flags, runner, db, JSON.stringify(settings)], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
    maxBuffer: 1 << 20,
  });
  return JSON.parse(out.trim().split('\n').at(-1) ?? '{}');
});
process.stdout.write(`${pollerTable(settings, rows)}\n`);
