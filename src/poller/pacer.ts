import type { Clock } from '../core/clock.ts';

/**
 * Spaces calls out in time: each `take()` reserves the next free slot, `periodMs` after the
 * previous one, and waits for it. Up to `burst` calls may start at once after a quiet spell.
 * Reserving (rather than checking a bucket and sleeping) keeps concurrent callers from waking
 * together, so the pace holds with any number of workers.
 */
export class Pacer {
  readonly #clock: Clock;
  readonly #burst: number;
  periodMs: number;
  #next = Number.NEGATIVE_INFINITY;

  constructor(clock: Clock, periodMs: number, burst = 1) {
    this.#clock = clock;
    this.periodMs = periodMs;
    this.#burst = Math.max(1, Math.floor(burst));
  }

  /** A pacer for at most `perSecond` calls a second, with a burst of one second's worth. */
  static perSecond(clock: Clock, perSecond: number): Pacer {
    return new Pacer(clock, 1000 / perSecond, perSecond);
  }

  async take(): Promise<void> {
    const now = this.#clock.now().getTime();
    const slot = Math.max(this.#next, now - (this.#burst - 1) * this.periodMs);
    this.#next = slot + this.periodMs;
    if (slot > now) await this.#clock.sleep(slot - now);
  }
}
