/**
 * Debian's Chromium, headless, from its command line: the DOM a page renders to, the console
 * messages it printed (every level is logged as `INFO:CONSOLE`, with `--enable-logging`), and a
 * screenshot. Each run has a profile of its own, so runs in parallel never share one.
 */
import { execFile } from 'node:child_process';
import { accessSync, constants, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';

export const INSTALL_CHROMIUM = 'apt-get install -y --no-install-recommends chromium';

/** The Chromium on PATH, if any. */
export function findChromium(): string | undefined {
  const dirs = (process.env.PATH ?? '').split(delimiter).filter(Boolean);
  for (const file of dirs.flatMap((dir) =>
    ['chromium', 'chromium-browser'].map((n) => join(dir, n)),
  )) {
    try {
      accessSync(file, constants.X_OK);
      return file;
    } catch {}
  }
  return undefined;
}

export interface Rendered {
  dom: string;
  /** What the page printed to its console, in order. */
  console: string[];
}

async function run(chromium: string, args: string[]) {
  const profile = mkdtempSync(join(tmpdir(), 'accessbot-chromium-'));
  const flags = ['--headless', '--disable-gpu', '--no-sandbox', '--no-first-run'];
  try {
    return await promisify(execFile)(
      chromium,
      [...flags, `--user-data-dir=${profile}`, '--enable-logging=stderr', '--v=0', ...args],
      { maxBuffer: 64 * 1024 * 1024 },
    );
  } finally {
    rmSync(profile, { recursive: true, force: true });
  }
}

/** The DOM `file` renders to, and its console messages. */
export async function renderPage(chromium: string, file: string): Promise<Rendered> {
  const { stdout, stderr } = await run(chromium, ['--dump-dom', pathToFileURL(file).href]);
  const console = [...stderr.matchAll(/:CONSOLE:\d*\] "(.*)", source: /g)].map((m) => m[1]!);
  return { dom: stdout, console };
}

/** A PNG of `file` at `width` × `height` CSS pixels. */
export async function screenshot(
  chromium: string,
  file: string,
  png: string,
  size: { width: number; height: number },
): Promise<void> {
  await run(chromium, [
    '--hide-scrollbars',
    `--window-size=${size.width},${size.height}`,
    `--screenshot=${png}`,
    pathToFileURL(file).href,
  ]);
}
