/** The one back-off and the one reading of `Retry-After` that every outside call shares. */
import { describe, expect, it } from 'vitest';
import { backoffDelay, parseRetryAfter } from '../../src/net/retry.ts';

describe('backoffDelay', () => {
  const backoff = { baseDelayMs: 500, maxDelayMs: 3_000 };

  it('doubles from the base up to the cap, jittered between half and all of the step', () => {
    const full = [1, 2, 3, 4, 5].map((attempt) => backoffDelay(backoff, attempt, () => 1));
    const half = [1, 2, 3, 4, 5].map((attempt) => backoffDelay(backoff, attempt, () => 0));
    expect(full).toEqual([500, 1_000, 2_000, 3_000, 3_000]);
    expect(half).toEqual([250, 500, 1_000, 1_500, 1_500]);
  });

  it('stays at the cap however many attempts failed', () => {
    expect(backoffDelay(backoff, 10_000, () => 1)).toBe(3_000);
  });
});

describe('parseRetryAfter', () => {
  const now = Date.UTC(2026, 0, 1, 12, 0, 0);

  it.each([
    ['120', 120_000],
    ['0', 0],
    ['1.5', 1_500],
    ['Thu, 01 Jan 2026 12:00:30 GMT', 30_000],
    ['Thu, 01 Jan 2026 11:00:00 GMT', 0],
  ])('reads %j as %i ms', (header, ms) => {
    expect(parseRetryAfter(header, now)).toBe(ms);
  });

  it.each([undefined, null, '', '  ', '-5', 'soon'])('reads %j as nothing', (header) => {
    expect(parseRetryAfter(header, now)).toBeUndefined();
  });
});
