/**
 * `npm run bench:confirm` at a tiny scale, so that the harness keeps working: every confirm that
 * was not turned away approves its task, and both rows and the verdict are printed. Its times
 * are a shared machine's: none is checked here.
 */
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { expect, it } from 'vitest';

const bench = fileURLToPath(new URL('../../bench/confirm.ts', import.meta.url));
const settings = {
  BENCH_TASKS: '30',
  BENCH_CONFIRMS: '3',
  BENCH_RATE: '5',
  BENCH_SECONDS: '2',
  BENCH_PEOPLE: '4',
  BENCH_LATENCY_MS: '1',
};

it('confirms while the others are measured, and prints both rows and the verdict', {
  timeout: 180_000,
}, async () => {
  const { stdout } = await promisify(execFile)(process.execPath, [bench], {
    env: { ...process.env, ...settings },
  });

  const [, confirms, approved, busy] =
    /confirms: (\d+) over [\d.]+ s, (\d+) approved, (\d+) busy/.exec(stdout) ?? [];
  expect(Number(confirms)).toBeGreaterThan(0);
  expect(Number(approved) + Number(busy)).toBe(Number(confirms));
  expect(stdout).toMatch(/^\| baseline: no confirms \| 10 \|/m);
  expect(stdout).toMatch(/^\| while confirms run \| \d+ \|/m);
  expect(stdout).toMatch(/^(met|NOT met): every other person's ack within 3 s/m);
});
