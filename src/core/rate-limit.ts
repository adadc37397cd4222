/**
 * How much one person may ask of accessbot: a bucket of `burst` actions per person that refills
 * at `perMinute`. Commands, clicks and forms take one each; a card refresh or a picker's search
 * take none (Teams and Slack send those by themselves). Past it the person is told to slow down,
 * and nothing reaches the Access Service.
 */
export interface RateLimitOptions {
  /** 0: no limit. */
  perMinute: number;
  burst: number;
  now: () => number;
}

/** People tracked at most; full buckets are dropped first. */
const TRACKED_MAX = 50_000;

export class RateLimit {
  readonly #o: RateLimitOptions;
  readonly #buckets = new Map<string, { tokens: number; at: number }>();

  constructor(options: RateLimitOptions) {
    this.#o = options;
  }

  /** True when `who` may act now (and it is counted); false when they must wait. */
  take(who: string): boolean {
    const { perMinute, burst } = this.#o;
    if (perMinute <= 0) return true;
    const now = this.#o.now();
    const bucket = this.#buckets.get(who) ?? { tokens: burst, at: now };
    bucket.tokens = Math.min(burst, bucket.tokens + ((now - bucket.at) / 60_000) * perMinute);
    bucket.at = now;
    if (bucket.tokens < 1) {
      this.#buckets.set(who, bucket);
      return false;
    }
    bucket.tokens -= 1;
    if (!this.#buckets.has(who) && this.#buckets.size >= TRACKED_MAX) this.#forgetIdle(now);
    this.#buckets.set(who, bucket);
    return true;
  }

  #forgetIdle(now: number): void {
    const { perMinute, burst } = this.#o;
    for (const [who, b] of this.#buckets) {
      if (b.tokens + ((now - b.at) / 60_000) * perMinute >= burst) this.#buckets.delete(who);
    }
    if (this.#buckets.size >= TRACKED_MAX) this.#buckets.clear();
  }
}
