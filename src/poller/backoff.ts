import type { Clock } from '../core/clock.ts';
import { Pacer } from './pacer.ts';

export interface BackoffOptions {
  baseMs: number;
  maxMs: number;
  random: () => number;
}

/**
 * How the sweep slows down while the Access Service fails: after a failure, requests start one
 * at a time, `delayMs` apart; each further failure doubles the delay (with jitter) up to
 * `maxMs`, and one success lifts it.
 */
export class Backoff {
  readonly #o: BackoffOptions;
  readonly #pacer: Pacer;
  #failures = 0;

  constructor(clock: Clock, options: BackoffOptions) {
    this.#o = options;
    this.#pacer = new Pacer(clock, 0);
  }

  /** The current delay between two requests; 0 while the service answers. */
  get delayMs(): number {
    if (this.#failures === 0) return 0;
    const exponential = this.#o.baseMs * 2 ** Math.min(this.#failures - 1, 30);
    return Math.min(this.#o.maxMs, exponential);
  }

  /** Waits for this request's turn while failing; returns at once otherwise. */
  async wait(): Promise<void> {
    if (this.#failures > 0) await this.#pacer.take();
  }

  failed(): void {
    this.#failures++;
    // Jitter keeps replicas that failed together from retrying together.
    this.#pacer.periodMs = this.delayMs * (0.5 + this.#o.random() / 2);
  }

  succeeded(): void {
    this.#failures = 0;
    this.#pacer.periodMs = 0;
  }
}
