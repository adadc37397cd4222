/** Runs accessbot's real entry point as a child process with piped stdin, reading its output. */
import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { childEnv } from './child-env.ts';
import { type Watched, watch } from './watch.ts';

const entry = fileURLToPath(new URL('../../src/app/main.ts', import.meta.url));

export interface Running extends Watched {
  child: ChildProcessWithoutNullStreams;
  type: (line: string) => void;
}

export function startBot(env: Record<string, string>, cwd?: string): Running {
  const child = spawn(process.execPath, [entry], {
    env: childEnv({ HOME: process.env.HOME ?? '', ...env }),
    stdio: 'pipe',
    cwd,
  });
  return { child, ...watch(child), type: (line) => child.stdin.write(`${line}\n`) };
}
