/**
 * Every call the poller makes to the Access Service passes this gate, a p-queue: at most
 * `concurrency` requests in flight, and while the service fails, one request at a time, each
 * after a growing pause (the backoff: 1 s after the first failure, doubling with jitter up to
 * `maxBackoffMs`; one success lifts it). Each call is the poller's work, so its HTTP attempts
 * keep to POLL_MAX_RPS (pace.ts) wherever it was called from. Bounding requests (not users) keeps
 * the service's load exact and lets the store work of one poll overlap another's request.
 */
import PQueue from 'p-queue';
import { AccessError, InvalidRequestError, NotFoundError } from '../access/errors.ts';
import type { Clock } from '../core/clock.ts';
import { backoffDelay } from '../net/retry.ts';
import { asPollerWork, type Pace } from './pace.ts';

export interface GateOptions {
  concurrency: number;
  /** This replica's share of POLL_MAX_RPS on the HTTP attempts of each call; unset: no bound. */
  pace?: Pace;
  /** The longest pause between two requests while the service fails. */
  maxBackoffMs: number;
  random: () => number;
}

/** Failures of the service itself, which call for slowing down (not a 404 for one task). */
export const serviceFailing = (error: unknown) =>
  error instanceof AccessError &&
  !(error instanceof NotFoundError) &&
  !(error instanceof InvalidRequestError);

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
    this.#queue = new PQueue({ concurrency: o.concurrency });
  }

  run<T>(call: () => Promise<T>): Promise<T> {
    return this.#queue.add(async () => {
      if (this.backoffMs) await this.#clock.sleep(this.backoffMs);
      try {
        const result = await asPollerWork(this.#o.pace, call);
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
