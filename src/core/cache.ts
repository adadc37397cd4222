/**
 * Answers that expire: concurrent look-ups of a key share one load, a failed load is not kept,
 * and age is read from the caller's clock on every check (it may jump).
 */
import { LRUCache } from 'lru-cache';

export interface TimedCacheOptions<K, V, C> {
  /** Milliseconds. */
  ttl: number;
  /** The least recently used go first. */
  max: number;
  /** Milliseconds since the epoch. */
  now: () => number;
  load: (key: K, context: C) => Promise<V>;
}

export function timedCache<K extends {}, V extends {}, C = undefined>(
  o: TimedCacheOptions<K, V, C>,
): LRUCache<K, V, C> {
  return new LRUCache<K, V, C>({
    ttl: o.ttl,
    ...bounded(o.max),
    perf: { now: o.now },
    ttlResolution: 0,
    allowStale: false,
    fetchMethod: (key, _stale, { context }) => o.load(key, context),
  });
}

/**
 * At most `entries`, with room taken as entries come: lru-cache's own `max` allocates room for
 * all of them at once (milliseconds and megabytes for each cache of 100,000 a process builds).
 */
export const bounded = (entries: number) => ({ maxSize: entries, sizeCalculation: () => 1 });
