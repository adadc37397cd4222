/**
 * Whether the event loop keeps up, and how much new work it can take. Acks, health checks and
 * the work after acks share one thread; when the work takes all of it, new connections wait in
 * the kernel's accept queue before they are even read, and acks come seconds late while the
 * process's own queue looks short. A limit on the number of jobs does not help: the jobs already
 * admitted are what keeps the thread busy.
 *
 * So the share of new jobs taken is steered by how busy the loop is (additive increase,
 * multiplicative decrease, every 50 ms): it shrinks while the loop's busy time, averaged over
 * about half a second, is above `maxUtilization`, or while ticks come more than `maxLagMs` late
 * twice in a row; and it grows back while neither holds. Busy time includes time the process
 * wanted the CPU and did not get it, which is what matters on shared cores. The time freed goes
 * to acks, which cost a fraction of a job, and the turned-away share hears "busy" at once. A
 * short burst (a long GC pause, start-up compiling code) moves the average too little to turn
 * anyone away.
 */
import { type EventLoopUtilization, performance } from 'node:perf_hooks';

/** Past this lag new work is cut back: well inside Slack's 3 s, far above a GC pause. */
const MAX_LOOP_LAG_MS = 50;
/** Past this share of time busy there is no room for more work and the acks it brings. */
const MAX_UTILIZATION = 0.9;
const TICK_MS = 50;
/** Weight of the newest tick in the busy average: about half a second of memory. */
const SMOOTHING = 0.1;
/** The share of jobs taken never falls below this: some work always gets through. */
const MIN_SHARE = 0.05;
const DECREASE = 0.8;
const INCREASE = 0.05;

export interface LoopPressureOptions {
  maxLagMs?: number;
  maxUtilization?: number;
  now?: () => number;
  /** The loop's share of time busy since the last call (0–1). */
  utilization?: () => number;
  random?: () => number;
}

/** Node's event-loop utilisation since the previous call. */
function sinceLastCall(): () => number {
  let last: EventLoopUtilization = performance.eventLoopUtilization();
  return () => {
    const now = performance.eventLoopUtilization();
    const used = performance.eventLoopUtilization(now, last).utilization;
    last = now;
    return used;
  };
}

export class LoopPressure {
  readonly #maxLagMs: number;
  readonly #maxUtilization: number;
  readonly #now: () => number;
  readonly #utilization: () => number;
  readonly #random: () => number;
  #busy = 0;
  #share = 1;
  #lateBefore = false;
  #timer: NodeJS.Timeout | undefined;

  constructor(options: LoopPressureOptions = {}) {
    this.#maxLagMs = options.maxLagMs ?? MAX_LOOP_LAG_MS;
    this.#maxUtilization = options.maxUtilization ?? MAX_UTILIZATION;
    this.#now = options.now ?? (() => performance.now());
    this.#utilization = options.utilization ?? sinceLastCall();
    this.#random = options.random ?? Math.random;
    this.#tick(this.#now() + TICK_MS);
  }

  /** True while some new work is being turned away. */
  get high(): boolean {
    return this.#share < 1;
  }

  /** Whether to take one more job now: always while the loop has time, a share of them when not. */
  admits(): boolean {
    return this.#share >= 1 || this.#random() < this.#share;
  }

  stop(): void {
    clearTimeout(this.#timer);
  }

  #tick(expected: number): void {
    this.#timer = setTimeout(() => {
      const now = this.#now();
      this.#busy += SMOOTHING * (this.#utilization() - this.#busy);
      const late = now - expected > this.#maxLagMs;
      const short = (late && this.#lateBefore) || this.#busy > this.#maxUtilization;
      this.#lateBefore = late;
      this.#share = short
        ? Math.max(MIN_SHARE, this.#share * DECREASE)
        : Math.min(1, this.#share + INCREASE);
      this.#tick(now + TICK_MS);
    }, TICK_MS).unref();
  }
}
