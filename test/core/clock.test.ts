/**
 * The system clock's wait, which the poller sleeps on between ticks and a card waits on for its
 * extras: a wait cut short ends at once and leaves no timer behind to hold the process open.
 */
import { describe, expect, it } from 'vitest';
import { systemClock } from '../../src/core/clock.ts';

const timers = () => process.getActiveResourcesInfo().filter((r) => r === 'Timeout').length;

describe('the system clock', () => {
  it('ends a wait when its signal aborts, with no timer left', async () => {
    const before = timers();
    const stop = new AbortController();
    const waited = systemClock.sleep(3_600_000, stop.signal);
    expect(timers()).toBe(before + 1);
    stop.abort('settled');
    await expect(waited).resolves.toBeUndefined();
    expect(timers()).toBe(before);
  });

  it('does not wait at all on a signal already aborted', async () => {
    const before = timers();
    const waited = systemClock.sleep(3_600_000, AbortSignal.abort());
    expect(timers()).toBe(before);
    await expect(waited).resolves.toBeUndefined();
  });
});
