/**
 * Requests refused at the door, logged at most once a minute with a count, so that a scanner
 * cannot fill the log. Until one passes, the line carries `hint`: a setting is the likely cause.
 */
import type { Logger } from '../log.ts';

const EVERY_MS = 60_000;

export interface RefusalWords {
  /** E.g. "3 Slack requests without a valid signature". */
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
