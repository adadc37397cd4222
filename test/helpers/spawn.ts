/** Runs accessbot's real entry point as a child process with piped stdin, reading its output. */
import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const entry = fileURLToPath(new URL('../../src/app/main.ts', import.meta.url));

export interface Running {
  child: ChildProcessWithoutNullStreams;
  stdout: () => string;
  stderr: () => string;
  /** Resolves once stdout (after `from`) matches; rejects with what was seen on timeout. */
  waitFor: (pattern: RegExp, from?: number, timeoutMs?: number) => Promise<string>;
  type: (line: string) => void;
  exited: Promise<number | null>;
}

export function startBot(env: Record<string, string>): Running {
  const child = spawn(process.execPath, [entry], {
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    stdio: 'pipe',
  });
  let out = '';
  let err = '';
  const listeners = new Set<() => void>();
  child.stdout.on('data', (chunk) => {
    out += String(chunk);
    for (const fn of listeners) fn();
  });
  child.stderr.on('data', (chunk) => {
    err += String(chunk);
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return {
    child,
    stdout: () => out,
    stderr: () => err,
    type: (line) => child.stdin.write(`${line}\n`),
    exited,
    waitFor: (pattern, from = 0, timeoutMs = 15_000) =>
      new Promise((resolve, reject) => {
        const check = () => {
          const seen = out.slice(from);
          if (!pattern.test(seen)) return false;
          listeners.delete(check);
          clearTimeout(timer);
          resolve(seen);
          return true;
        };
        const timer = setTimeout(() => {
          listeners.delete(check);
          reject(new Error(`timed out waiting for ${pattern}; stdout:\n${out}\nstderr:\n${err}`));
        }, timeoutMs);
        if (!check()) listeners.add(check);
      }),
  };
}
