/**
 * Time as the poller sees it. Injected so that schedules, leases, reminders and backoff are
 * tested with a fake clock instead of real waiting.
 */
export interface Clock {
  now(): Date;
  /** Waits `ms`, or less when `signal` aborts; never rejects. */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

export const systemClock: Clock = {
  now: () => new Date(),
  // A timer cleared by hand: an aborted `timers/promises` wait builds an AbortError to reject with.
  sleep: (ms, signal) =>
    new Promise((resolve) => {
      if (signal?.aborted) return resolve();
      const end = () => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', end);
        resolve();
      };
      const timer = setTimeout(end, ms);
      signal?.addEventListener('abort', end, { once: true });
    }),
};

/** `ms` before the clock's now. */
export const ago = (clock: Clock, ms: number) => new Date(clock.now().getTime() - ms);
