/**
 * How much one person may ask of accessbot: a bucket of `burst` actions per person that refills
 * at `perMinute`, in this process, and at most `perMinute` (or `burst`, if larger) in each minute
 * across every process sharing the store — counted there only for what this process let
 * through, so a flood costs the store nothing. Commands, clicks, forms and opening the App Home
 * take one each; a card refresh or a picker's search take none (Teams and Slack send those by
 * themselves). Past it the person is told to slow down, and nothing reaches the Access Service.
 */
import { LRUCache } from 'lru-cache';
import type { RateStore } from '../store/store.ts';

export interface RateLimitOptions {
  /** 0: no limit. */
  perMinute: number;
  burst: number;
  now: () => number;
  store: RateStore;
}

/** People tracked at most; those idle longest, whose buckets are the fullest, are dropped first. */
const TRACKED_MAX = 50_000;

export class RateLimit {
  readonly #o: RateLimitOptions;
  readonly #buckets = new LRUCache<string, { tokens: number; at: number }>({ max: TRACKED_MAX });

  constructor(options: RateLimitOptions) {
    this.#o = options;
  }

  /** True when `who` may act now (and it is counted); false when they must wait. */
  async take(who: string): Promise<boolean> {
    const { perMinute, burst } = this.#o;
    if (perMinute <= 0) return true;
    const now = this.#o.now();
    let bucket = this.#buckets.get(who);
    // A bucket already kept was made the most recent by `get`, and is updated in place.
    if (!bucket) {
      bucket = { tokens: burst, at: now };
      this.#buckets.set(who, bucket);
    }
    bucket.tokens = Math.min(burst, bucket.tokens + ((now - bucket.at) / 60_000) * perMinute);
    bucket.at = now;
    if (bucket.tokens < 1) return false;
    bucket.tokens -= 1;
    const counted = await this.#o.store.countAction(who, new Date(now - (now % 60_000)));
    return counted <= Math.max(perMinute, burst);
  }
}
