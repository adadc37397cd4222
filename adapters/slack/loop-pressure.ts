/**
 * Whether the event loop keeps up. Acks, health checks and the work after acks share one
 * thread; when it falls behind, every new connection waits in the kernel's accept queue before
 * it is even read, and a limit on the number of jobs does not help, because the jobs already
 * admitted are what keeps the thread busy. How late a timer fires is how late a new connection
 * is accepted, so new work is turned away while a timer that should fire every 50 ms has
 * recently fired more than `maxLagMs` late twice in a row — the time left goes to acks. One late
 * tick alone (a long GC pause, a slow disk write) is not overload.
 */

/** Past this lag new work is turned away: well inside Slack's 3 s, far above a GC pause. */
export const MAX_LOOP_LAG_MS = 50;
const TICK_MS = 50;
/** The lag stays "high" this long after it was last seen high, so the flag does not flap. */
const HOLD_MS = 500;

export class LoopPressure {
  readonly #maxLagMs: number;
  readonly #now: () => number;
  #highUntil = 0;
  #lateBefore = false;
  #timer: NodeJS.Timeout | undefined;

  constructor(maxLagMs = MAX_LOOP_LAG_MS, now: () => number = () => performance.now()) {
    this.#maxLagMs = maxLagMs;
    this.#now = now;
    this.#tick(this.#now() + TICK_MS);
  }

  /** True while the loop was recently more than `maxLagMs` behind. */
  get high(): boolean {
    return this.#now() < this.#highUntil;
  }

  stop(): void {
    clearTimeout(this.#timer);
  }

  #tick(expected: number): void {
    this.#timer = setTimeout(() => {
      const now = this.#now();
      const late = now - expected > this.#maxLagMs;
      if (late && this.#lateBefore) this.#highUntil = now + HOLD_MS;
      this.#lateBefore = late;
      this.#tick(now + TICK_MS);
    }, TICK_MS).unref();
  }
}
