/**
 * Runs a command in a real pseudo-terminal with `script` (util-linux), so a test sees what a
 * person at a terminal sees: the program finds a TTY on stdin and stdout, and every character
 * typed is echoed only if the program echoes it (`--echo never` turns the terminal's own echo off).
 */
import { type ChildProcessWithoutNullStreams, spawn, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { stripVTControlCharacters } from 'node:util';
import { childEnv } from './child-env.ts';
import { watch } from './watch.ts';

export const root = fileURLToPath(new URL('../../', import.meta.url));

export const hasScript = spawnSync('script', ['--version']).status === 0;

/** Keys as a terminal sends them. */
export const keys = { enter: '\r', up: '\u001b[A', left: '\u001b[D', ctrlC: '\u0003' };

/** What the screen shows in reading order: control sequences and carriage returns removed. */
export const plain = (raw: string) => stripVTControlCharacters(raw).replaceAll('\r', '');

export interface PtyRun {
  child: ChildProcessWithoutNullStreams;
  /** Everything written to the terminal so far, control sequences included. */
  raw(): string;
  /** Resolves once the plain text after `from` matches; rejects with the screen on timeout. */
  waitFor(pattern: RegExp, from?: number): Promise<string>;
  /** The current length of the plain text, to wait for what comes after it. */
  mark(): number;
  press(text: string): void;
  exited: Promise<number | null>;
}

export function runInPty(command: string, env: Record<string, string>): PtyRun {
  const args = ['--quiet', '--flush', '--echo', 'never', '--return', '--command', command];
  const child = spawn('script', [...args, '/dev/null'], {
    cwd: root,
    env: childEnv({ HOME: process.env.HOME ?? '', TERM: 'xterm-256color', ...env }),
    stdio: 'pipe',
  });
  const watched = watch(child, plain);
  return {
    child,
    raw: watched.stdout,
    mark: () => plain(watched.stdout()).length,
    press: (text) => void child.stdin.write(text),
    exited: watched.exited,
    waitFor: (pattern, from) => watched.waitFor(pattern, from),
  };
}
