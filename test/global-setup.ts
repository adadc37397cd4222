/**
 * Once per run: without TEST_DATABASE_URL the PostgreSQL tests skip themselves, without
 * Chromium the browser test does, without systemd-analyze or kubectl a deployment check does,
 * and without ACCESSBOT_IMAGE the container image's test; one line each says so and how to run
 * them, instead of them vanishing without a word.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { findChromium, INSTALL_CHROMIUM } from './helpers/chromium.ts';
import { KUBECTL, runs, SYSTEMD_ANALYZE } from './helpers/deploy-tools.ts';

export default function announceSkipped(): void {
  if (!findChromium()) {
    process.stdout.write(
      `Browser test skipped (test/core/audit/report-html.test.ts): no Chromium on PATH; install it with \`${INSTALL_CHROMIUM}\`, as .ci/run does.\n`,
    );
  }
  announceSkippedPostgres();
  for (const tool of [SYSTEMD_ANALYZE, KUBECTL].filter((t) => !runs(t))) {
    process.stdout.write(
      `Deployment check skipped (test/app/deploy.test.ts): ${tool.check} cannot run here; install ${tool.probe[0]} with \`${tool.install}\`, as .ci/run does.\n`,
    );
  }
  if (!process.env.ACCESSBOT_IMAGE) {
    process.stdout.write(
      'Image test skipped (test/image/image.test.ts): `bash .ci/image` builds the image with podman and runs it, as .ci/run does.\n',
    );
  }
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
