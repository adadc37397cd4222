/**
 * How much one person may ask of accessbot, counted in the store so that it holds across every
 * process sharing it: `burst` actions in each window of `burst / perMinute` minutes — `perMinute`
 * a minute on average, and no more than `burst` in a row (twice that across a window's edge).
 * Commands, clicks, forms and opening the App Home take one each; a card refresh or a picker's
 * search take none (Teams and Slack send those by themselves). Past it the person is told to slow
 * down, and nothing reaches the Access Service.
 */
import type { RateStore } from '../store/store.ts';

export interface RateLimitOptions {
  /** 0: no limit. */
  perMinute: number;
  burst: number;
  now: () => number;
  store: RateStore;
}

/** Whether `who` may act now (and it is counted); false when they must wait. */
export function rateLimit(o: RateLimitOptions): (who: string) => Promise<boolean> {
  const windowMs = Math.ceil((60_000 * o.burst) / o.perMinute);
  return async (who) => {
    if (o.perMinute <= 0) return true;
    const now = o.now();
    return (await o.store.countAction(who, new Date(now - (now % windowMs)))) <= o.burst;
  };
}
