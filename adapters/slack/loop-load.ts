/**
 * How much new work the event loop has room for. Acks, health checks and the work after acks
 * share one thread; when work takes all of it, new connections wait in the kernel's queue before
 * they are even read, and acks come seconds late while the count of requests in flight still
 * looks short. So admission also takes a share of new work that follows the loop's utilisation
 * (time not spent waiting for I/O, which on shared cores includes waiting for a CPU), sampled
 * every 100 ms and averaged over about half a second: all of it up to 80 % busy, less and less
 * above, a twentieth when saturated. A turned-away request costs a fraction of one that runs, so
 * the time freed keeps acks fast; a short burst (a GC pause) moves the average too little to
 * turn anyone away.
 */
import { type EventLoopUtilization, performance } from 'node:perf_hooks';

const SAMPLE_MS = 100;
/** Weight of the newest sample: about half a second of memory. */
const SMOOTHING = 0.2;
const ALL_UP_TO = 0.8;
const SATURATED = 0.95;
const MIN_SHARE = 0.05;

/** Node's event-loop utilisation since the previous call (0–1). */
function sinceLastCall(): () => number {
  let last: EventLoopUtilization = performance.eventLoopUtilization();
  return () => {
    const now = performance.eventLoopUtilization();
    const used = performance.eventLoopUtilization(now, last).utilization;
    last = now;
    return used;
  };
}

export interface LoopLoad {
  /** Takes one sample of the loop's utilisation. */
  sample(): void;
  /** The share (0.05–1) of new work to take now. */
  share(): number;
}

export function loopLoad(utilisation: () => number = sinceLastCall()): LoopLoad {
  let average = 0;
  return {
    sample: () => {
      average += SMOOTHING * (utilisation() - average);
    },
    share: () => {
      const room = (SATURATED - average) / (SATURATED - ALL_UP_TO);
      return Math.min(1, Math.max(MIN_SHARE, room));
    },
  };
}

/** This process's loop, sampled until `stop`. */
export function watchLoop(): { share: () => number; stop: () => void } {
  const load = loopLoad();
  const timer = setInterval(load.sample, SAMPLE_MS).unref();
  return { share: load.share, stop: () => clearInterval(timer) };
}
