/**
 * Every call the poller makes to the Access Service passes this gate, a p-queue: at most
 * `concurrency` requests in flight, no more than `maxRps` started in any second, and while the
 * service fails, one request at a time, each after a growing pause (the backoff: 1 s after the
 * first failure, doubling with jitter up to `maxBackoffMs`; one success lifts it). Bounding
 * requests (not users) keeps the service's load exact and lets the store work of one poll
 * overlap another's request.
 */
import PQueue from 'p-queue';
import { AccessError, InvalidRequestError, NotFoundError } from '../access/errors.ts';
import type { Clock } from '../core/clock.ts';
import { backoffDelay } from '../net/retry.ts';

export interface GateOptions {
  concurrency: number;
  maxRps?: number;
  /** The longest pause between two requests while the service fails. */
  maxBackoffMs: number;
  random: () => number;
}

/** Failures of the service itself, which call for slowing down (not a 404 for one task). */
export const serviceFailing = (error: unknown) =>
  error instanceof AccessError &&
  !(error instanceof NotFoundError) &&
  !(error instanceof InvalidRequestError);

/**
 * `perSecond` as p-queue's starts per second, in a sliding window (`strict`), so that any second
 * counted on the service's side sees no more: 2% under the bound (at least one under it from 50
 * up), for the jitter between a start here and its arrival there. Under one a second: one start
 * per stretched interval.
 */
const rate = (perSecond: number) =>
  perSecond < 1
    ? { intervalCap: 1, interval: 1_000 / perSecond, strict: true }
    : { intervalCap: Math.max(1, Math.floor(perSecond * 0.98)), interval: 1_000, strict: true };

/** What the poller's parts call the service through: a gate, or a gate that counts its calls. */
export interface Gate {
  run<T>(call: () => Promise<T>): Promise<T>;
  /** The pause before each request while the service fails; 0 while it answers. */
  readonly backoffMs: number;
}

/** `gate`, counting each call on `counter` under `labels` (a poll's cadence and reason). */
export function countedGate<L extends Record<string, string>>(
  gate: Gate,
  counter: { inc(labels: L): void },
  labels: L,
): Gate {
  return {
    run: (call) => {
      counter.inc(labels);
      return gate.run(call);
    },
    get backoffMs() {
      return gate.backoffMs;
    },
  };
}

export class ServiceGate implements Gate {
  readonly #queue: PQueue;
  readonly #clock: Clock;
  readonly #o: GateOptions;
  #failures = 0;
  /** The pause before each request while the service fails; 0 while it answers. */
  backoffMs = 0;

  constructor(clock: Clock, o: GateOptions) {
    this.#clock = clock;
    this.#o = o;
    this.#queue = new PQueue({ concurrency: o.concurrency, ...(o.maxRps && rate(o.maxRps)) });
  }

  run<T>(call: () => Promise<T>): Promise<T> {
    return this.#queue.add(async () => {
      if (this.backoffMs) await this.#clock.sleep(this.backoffMs);
      try {
        const result = await call();
        this.#failures = 0;
        this.backoffMs = 0;
        this.#queue.concurrency = this.#o.concurrency;
        return result;
      } catch (error) {
        if (serviceFailing(error)) {
          const backoff = { baseDelayMs: 1_000, maxDelayMs: this.#o.maxBackoffMs };
          this.backoffMs = backoffDelay(backoff, ++this.#failures, this.#o.random);
          this.#queue.concurrency = 1;
        }
        throw error;
      }
    });
  }
}
