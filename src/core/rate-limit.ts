/**
 * How much one person may ask of accessbot, counted in the store so that it holds across every
 * process sharing it: `burst` actions in each window of `burst / perMinute` minutes — `perMinute`
 * a minute on average, and no more than `burst` in a row (twice that across a window's edge).
 * Commands, clicks, forms and opening the App Home take one each; a card refresh or a picker's
 * search take none (Teams and Slack send those by themselves). Past it the person is told to slow
 * down, and nothing reaches the Access Service.
 */
import type { RateStore } from '../store/store.ts';

/** RATE_LIMIT_PER_MINUTE (0: no limit) and RATE_LIMIT_BURST. */
export interface RateLimit {
  perMinute: number;
  burst: number;
}

/** Whether `who` may act now (and it is counted); false when they must wait. No limit: always. */
export function rateLimit(
  limit: RateLimit | undefined,
  store: RateStore,
  now: () => number,
): (who: string) => Promise<boolean> {
  if (!limit?.perMinute) return async () => true;
  const { perMinute, burst } = limit;
  const windowMs = Math.ceil((60_000 * burst) / perMinute);
  return async (who) => {
    const at = now();
    return (await store.countAction(who, new Date(at - (at % windowMs)))) <= burst;
  };
}
