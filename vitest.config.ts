import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from 'vitest/config';

// Node's compile cache for the workers and every accessbot process a test starts (they inherit
// it, test/helpers/child-env.ts): a new process reuses the compiled code of the ones before it
// instead of compiling accessbot and its dependencies again, which halves its start.
process.env.NODE_COMPILE_CACHE ??= join(tmpdir(), 'node-compile-cache');

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    // A file per core, not vitest's default of one fewer: most of a test's time is spent waiting
    // on sockets, PostgreSQL and child processes, so two files on two cores overlap that waiting.
    maxWorkers: '100%',
    // Each worker runs file after file with the modules it has already loaded, instead of a new
    // process loading accessbot again for each of the 140 files (a second and a half of CPU each).
    // The files share no state: each builds its own world, and restores what it fakes.
    isolate: false,
    // Tests wait on events, not time; these bounds only end a test that hangs, and are generous
    // so that a busy machine (child processes starting slowly) never reaches them.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    expect: { poll: { timeout: 15_000 } },
  },
});
