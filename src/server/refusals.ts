/**
 * Requests refused at the door (a bad signature, a bad token), told to the operator at most once
 * a minute with a count, so that an internet scanner cannot fill the log; each is also counted
 * in a metric by the platform's receiver. Until one request has passed, the line carries the
 * platform's `hint`: when its own requests are refused too, a setting is the likely cause.
 */
import type { Logger } from '../log.ts';

const EVERY_MS = 60_000;

export interface RefusalWords {
  /** What was refused, for a count: "3 Slack requests without a valid signature". */
  what: (count: number) => string;
  /** Said while none has passed; starts with its own separator. */
  hint: string;
}

export class Refusals {
  readonly #log: Logger;
  readonly #now: () => number;
  readonly #words: RefusalWords;
  #since: number;
  #lastLineAt = Number.NEGATIVE_INFINITY;
  #refused = 0;
  #anyPassed = false;

  constructor(log: Logger, now: () => number, words: RefusalWords) {
    this.#log = log;
    this.#now = now;
    this.#words = words;
    this.#since = now();
  }

  /** A request passed the check: the settings work. */
  passed(): void {
    this.#anyPassed = true;
  }

  /** `latest`: what the last refusal was about (never a secret), kept on the line. */
  refused(latest: Record<string, unknown> = {}): void {
    this.#refused++;
    const at = this.#now();
    if (at - this.#lastLineAt < EVERY_MS) return;
    const count = this.#refused;
    const since = new Date(this.#since).toISOString();
    const hint = this.#anyPassed ? '' : this.#words.hint;
    this.#log.warn(
      { ...latest, refused: count, since },
      `refused ${this.#words.what(count)} since ${since}${hint}`,
    );
    this.#lastLineAt = at;
    this.#since = at;
    this.#refused = 0;
  }
}
