/**
 * `npm run bench:poller` at a tiny scale, so that the harness the organisation-scale figures
 * come from keeps working. Its figures are times on a shared machine: only what holds whatever
 * the machine's speed is checked here.
 */
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { expect, it } from 'vitest';
import type { BenchResult, BenchSettings } from '../../bench/poller-run.ts';
import { pollerTable } from '../../bench/poller-table.ts';

const runner = fileURLToPath(new URL('../../bench/poller-run.ts', import.meta.url));
const settings: BenchSettings = {
  users: 200,
  tasks: 400,
  pending: 30,
  latencyMs: 1,
  concurrency: 5,
  created: 10,
  intervalSeconds: 1,
  maxRps: 1_000,
  pollerEnv: {
    POLL_QUIET_INTERVAL: '2s',
    ACCESS_WEBHOOK_SAFETY_SWEEP: '2s',
    ACCESS_WEBHOOK_SILENCE: '5s',
  },
  quietWindowMs: 2_000,
  settleMs: 5_500,
  baselineUsers: 50,
};

it('runs every phase on SQLite and prints a row for each figure', {
  timeout: 180_000,
}, async () => {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [runner, 'sqlite', JSON.stringify(settings)],
    { env: { ...process.env, LOG_LEVEL: 'error' } },
  );
  const result: BenchResult = JSON.parse(stdout.trim().split('\n').at(-1) ?? '{}');

  // The settings it hands the poller are the poller's own.
  expect(result.unknownSettings).toEqual([]);
  expect(result.notified).toBe(settings.pending);
  expect(result.polled).toBeGreaterThanOrEqual(settings.users);
  expect(result.sentWhenQuiet).toBe(0);
  expect(result.duplicates).toBe(0);
  expect(result.webhookDelayMs.of).toBe(settings.created);
  expect(result.activeDelayMs.of + result.quietDelayMs.of).toBe(settings.created);
  expect(result.quiet.active.people + result.quiet.quiet.people).toBe(settings.users);
  expect(result.off.maxPerSecond).toBeGreaterThan(0);

  const rows = pollerTable(settings, [result]).split('\n');
  for (const figure of [
    'peak RSS of the poller process',
    'creation → sent, webhooks on',
    'requests per person in a quiet hour, webhooks on',
    'creation → sent, webhooks off, people active in the last 30 days',
    'creation → sent, webhooks off, everyone else',
    'busiest second',
    'a second quiet sweep',
  ]) {
    expect(rows.filter((row) => row.includes(figure))).toHaveLength(1);
  }
});
