/** Collects a child process's output and waits for a pattern to show up in it. */
import type { ChildProcessWithoutNullStreams } from 'node:child_process';

/** Far beyond any start-up or answer, even on a busy machine: only a missing one reaches it. */
const WAIT_MS = 30_000;

export interface Watched {
  stdout: () => string;
  stderr: () => string;
  /** Resolves once `view(stdout)` (after `from`) matches; rejects with what was seen on timeout. */
  waitFor: (pattern: RegExp, from?: number, timeoutMs?: number) => Promise<string>;
  /** Resolves with the first match of `pattern` in stderr (where the bot logs), once there is one. */
  waitForLog: (pattern: RegExp) => Promise<RegExpExecArray>;
  exited: Promise<number | null>;
}

export function watch(
  child: ChildProcessWithoutNullStreams,
  view: (stdout: string) => string = (stdout) => stdout,
): Watched {
  let out = '';
  let err = '';
  const listeners = new Set<() => void>();
  const changed = () => {
    for (const fn of listeners) fn();
  };
  child.stdout.on('data', (chunk) => {
    out += String(chunk);
    changed();
  });
  child.stderr.on('data', (chunk) => {
    err += String(chunk);
    changed();
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  /** Resolves with what `probe` finds once it finds something. */
  const until = <T>(probe: () => T | undefined, what: string, timeoutMs: number) =>
    new Promise<T>((resolve, reject) => {
      const check = () => {
        const found = probe();
        if (found === undefined) return false;
        listeners.delete(check);
        clearTimeout(timer);
        resolve(found);
        return true;
      };
      const timer = setTimeout(() => {
        listeners.delete(check);
        reject(new Error(`timed out waiting for ${what}; stdout:\n${view(out)}\nstderr:\n${err}`));
      }, timeoutMs);
      if (!check()) listeners.add(check);
    });
  return {
    stdout: () => out,
    stderr: () => err,
    exited,
    waitFor: (pattern, from = 0, timeoutMs = WAIT_MS) =>
      until(
        () => {
          const seen = view(out).slice(from);
          return pattern.test(seen) ? seen : undefined;
        },
        String(pattern),
        timeoutMs,
      ),
    waitForLog: (pattern) => until(() => pattern.exec(err) ?? undefined, String(pattern), WAIT_MS),
  };
}
