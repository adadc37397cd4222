/** Collects a child process's output and waits for a pattern to show up in it. */
import type { ChildProcessWithoutNullStreams } from 'node:child_process';

export interface Watched {
  stdout: () => string;
  stderr: () => string;
  /** Resolves once `view(stdout)` (after `from`) matches; rejects with what was seen on timeout. */
  waitFor: (pattern: RegExp, from?: number, timeoutMs?: number) => Promise<string>;
  exited: Promise<number | null>;
}

export function watch(
  child: ChildProcessWithoutNullStreams,
  view: (stdout: string) => string = (stdout) => stdout,
): Watched {
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
    stdout: () => out,
    stderr: () => err,
    exited,
    waitFor: (pattern, from = 0, timeoutMs = 15_000) =>
      new Promise((resolve, reject) => {
        const check = () => {
          const seen = view(out).slice(from);
          if (!pattern.test(seen)) return false;
          listeners.delete(check);
          clearTimeout(timer);
          resolve(seen);
          return true;
        };
        const timer = setTimeout(() => {
          listeners.delete(check);
          reject(
            new Error(`timed out waiting for ${pattern}; stdout:\n${view(out)}\nstderr:\n${err}`),
          );
        }, timeoutMs);
        if (!check()) listeners.add(check);
      }),
  };
}
