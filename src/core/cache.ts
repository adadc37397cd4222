/**
 * A cache of answers that expire, on lru-cache: look-ups of one key at the same time share one
 * load, a failed load is not kept, and age is read from the caller's clock so tests can move it
 * (read on every check, never rounded, since that clock may jump).
 */
import { LRUCache } from 'lru-cache';

export interface TimedCacheOptions<K, V, C> {
  /** How long an answer is kept, in milliseconds. */
  ttl: number;
  /** Answers kept at most; the least recently used go first. */
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
    max: o.max,
    perf: { now: o.now },
    ttlResolution: 0,
    allowStale: false,
    fetchMethod: (key, _stale, { context }) => o.load(key, context),
  });
}
