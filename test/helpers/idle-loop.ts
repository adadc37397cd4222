/**
 * The event loop's utilisation, as admission reads it (adapters/slack/admission.ts), reported
 * idle for the rest of the test file. Where the test, the sandbox and the fakes share the bot's
 * thread, on a machine shared with other work, how busy that thread is says nothing about the
 * bot's load; test/slack/admission-load.test.ts tests the load and its shedding on their own.
 */
import { performance } from 'node:perf_hooks';
import { vi } from 'vitest';

export function idleLoop(): void {
  vi.spyOn(performance, 'eventLoopUtilization').mockReturnValue({
    idle: 1,
    active: 0,
    utilization: 0,
  });
}
