/**
 * Every call the poller makes to the Access Service passes this gate: at most `concurrency`
 * requests in flight, no more than `maxRps` started per second, and while the service fails,
 * one request at a time with a growing pause (the backoff: 1 s after the first failure, doubling
 * with jitter up to `maxBackoffMs`; one success lifts it). Bounding requests (not users) keeps
 * the service's load exact and lets the store work of one poll overlap another's request.
 */
import { AccessError, InvalidRequestError, NotFoundError } from '../access/errors.ts';
import type { Clock } from '../core/clock.ts';
import { type Backoff, backoffDelay } from '../net/retry.ts';
import { Pacer } from './pacer.ts';

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

export class ServiceGate {
  readonly #concurrency: number;
  readonly #rate: Pacer | undefined;
  readonly #backoff: Backoff;
  /** Spaces requests out while the service fails. */
  readonly #failing: Pacer;
  readonly #random: () => number;
  readonly #waiting: Array<() => void> = [];
  #inFlight = 0;
  #failures = 0;

  constructor(clock: Clock, o: GateOptions) {
    this.#concurrency = o.concurrency;
    this.#rate = o.maxRps ? Pacer.perSecond(clock, o.maxRps) : undefined;
    this.#backoff = { baseDelayMs: 1_000, maxDelayMs: o.maxBackoffMs };
    this.#failing = new Pacer(clock, 0);
    this.#random = o.random;
  }

  /** The pause between requests while the service fails; 0 while it answers. */
  get backoffMs(): number {
    return this.#failing.periodMs;
  }

  async run<T>(call: () => Promise<T>): Promise<T> {
    if (this.#failures > 0) await this.#failing.take();
    await this.#rate?.take();
    if (this.#inFlight >= this.#concurrency) {
      await new Promise<void>((resolve) => this.#waiting.push(resolve));
    } else {
      this.#inFlight++;
    }
    try {
      const result = await call();
      this.#failures = 0;
      this.#failing.periodMs = 0;
      return result;
    } catch (error) {
      if (serviceFailing(error)) {
        this.#failing.periodMs = backoffDelay(this.#backoff, ++this.#failures, this.#random);
      }
      throw error;
    } finally {
      // The slot passes straight to the next waiter, if any.
      const next = this.#waiting.shift();
      if (next) next();
      else this.#inFlight--;
    }
  }
}
