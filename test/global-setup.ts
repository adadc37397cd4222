/**
 * Once per run: without TEST_DATABASE_URL the PostgreSQL tests skip themselves, and without
 * Chromium the browser test does; one line each says so and how to run them, instead of them
 * vanishing without a word.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { findChromium, INSTALL_CHROMIUM } from './helpers/chromium.ts';

export default function announceSkipped(): void {
  if (!findChromium()) {
    process.stdout.write(
      `Browser test skipped (test/core/audit/report-html.test.ts): no Chromium on PATH; install it with \`${INSTALL_CHROMIUM}\`, as .ci/run does.\n`,
    );
  }
  announceSkippedPostgres();
}

function announceSkippedPostgres(): void {
  if (process.env.TEST_DATABASE_URL) return;
  const dir = import.meta.dirname;
  const files = readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.test.ts'))
    .filter((name) => readFileSync(join(dir, name), 'utf8').includes('TEST_DATABASE_URL'));
  process.stdout.write(
    `PostgreSQL tests skipped (in ${files.join(', ')}): set TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test (a database you may write to) to run them, as .ci/run does.\n`,
  );
}
