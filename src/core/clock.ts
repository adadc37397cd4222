/**
 * Time as the poller sees it. Injected so that schedules, leases, reminders and backoff are
 * tested with a fake clock instead of real waiting.
 */
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

/** `ms` before the clock's now. */
export const ago = (clock: Clock, ms: number) => new Date(clock.now().getTime() - ms);
