/**
 * Whether the event loop has time to spare. Acks, health checks and the work after acks share
 * one thread: when it is busy nearly all of the time, every new request waits in the kernel's
 * accept queue before it is even read, and no limit on the number of jobs helps, because the
 * jobs already running are what keeps it busy. So new work is turned away while the loop's
 * utilisation over the last window is above the threshold, leaving the time to acknowledge.
 */
import { type EventLoopUtilization, performance } from 'node:perf_hooks';

/** Above this share of busy time new work is turned away: the rest is for acks. */
export const MAX_LOOP_UTILIZATION = 0.95;
const WINDOW_MS = 250;

export class LoopPressure {
  #last: EventLoopUtilization = performance.eventLoopUtilization();
  #high = false;
  readonly #timer: NodeJS.Timeout;

  constructor(maxUtilization = MAX_LOOP_UTILIZATION) {
    this.#timer = setInterval(() => {
      const now = performance.eventLoopUtilization();
      this.#high = performance.eventLoopUtilization(now, this.#last).utilization > maxUtilization;
      this.#last = now;
    }, WINDOW_MS).unref();
  }

  /** True while the last window's utilisation was above the threshold. */
  get high(): boolean {
    return this.#high;
  }

  stop(): void {
    clearInterval(this.#timer);
  }
}
