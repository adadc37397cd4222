/**
 * How much one person may ask, counted in the store so it holds across processes: `burst` actions
 * per window of `burst / perMinute` minutes (twice that across a window's edge). A card refresh or
 * a picker's search take none: Teams and Slack send those by themselves.
 */
import type { RateStore } from '../store/store.ts';

/** RATE_LIMIT_PER_MINUTE (0: no limit) and RATE_LIMIT_BURST. */
export interface RateLimit {
  perMinute: number;
  burst: number;
}

/** Counted; false when they must wait. */
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
