/** Injected, so schedules, leases and backoff are tested with a fake clock, not real waiting. */
import { setTimeout as delay } from 'node:timers/promises';

export interface Clock {
  now(): Date;
  /** Waits `ms`, or less when `signal` aborts; never rejects. */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

export const systemClock: Clock = {
  now: () => new Date(),
  sleep: (ms, signal) => delay(ms, undefined, { signal }).catch(() => {}),
};

export const ago = (clock: Clock, ms: number) => new Date(clock.now().getTime() - ms);
