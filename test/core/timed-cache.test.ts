/** Caches that expire on the caller's clock: shared loads, failures not kept, a bound on size. */
import { describe, expect, it } from 'vitest';
import { timedCache } from '../../src/core/cache.ts';

function counting(time: { ms: number }, max = 10) {
  const loads: string[] = [];
  let failNext = false;
  const cache = timedCache({
    ttl: 1_000,
    max,
    now: () => time.ms,
    load: async (key: string) => {
      loads.push(key);
      if (failNext) {
        failNext = false;
        throw new Error('down');
      }
      return `${key}@${time.ms}`;
    },
  });
  return { cache, loads, failOnce: () => (failNext = true) };
}

describe('a timed cache', () => {
  it('loads a key once for everyone asking at the same time, and again once it expired', async () => {
    const time = { ms: 1_000_000 };
    const { cache, loads } = counting(time);
    const answers = await Promise.all([1, 2, 3].map(() => cache.forceFetch('ada')));
    expect(answers).toEqual(Array(3).fill('ada@1000000'));
    time.ms += 1_000;
    expect(await cache.forceFetch('ada')).toBe('ada@1000000');
    time.ms += 1;
    expect(await cache.forceFetch('ada')).toBe('ada@1001001');
    expect(loads).toEqual(['ada', 'ada']);
  });

  it('keeps no failure: the next look-up loads again', async () => {
    const { cache, loads, failOnce } = counting({ ms: 1_000_000 });
    failOnce();
    await expect(cache.forceFetch('ada')).rejects.toThrow('down');
    expect(await cache.forceFetch('ada')).toBe('ada@1000000');
    expect(loads).toEqual(['ada', 'ada']);
  });

  it('forgets the least recently used past its size', async () => {
    const { cache, loads } = counting({ ms: 1_000_000 }, 2);
    for (const key of ['a', 'b', 'a', 'c', 'a', 'b']) await cache.forceFetch(key);
    expect(loads).toEqual(['a', 'b', 'c', 'b']);
  });
});
