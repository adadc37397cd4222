/**
 * Requests refused for their signature, told to the operator at most once a minute with a count,
 * so that an internet scanner cannot fill the log (every one is still counted in
 * `accessbot_errors_total{kind="slack_unsigned"}`). Until one request has passed the check, the
 * line names SLACK_SIGNING_SECRET: when Slack's own requests fail too, it is the likely cause.
 */
import type { Logger } from '../../src/log.ts';

const EVERY_MS = 60_000;

export class Refusals {
  readonly #log: Logger;
  readonly #now: () => number;
  #since: number;
  #lastLineAt = Number.NEGATIVE_INFINITY;
  #refused = 0;
  #anyPassed = false;

  constructor(log: Logger, now: () => number) {
    this.#log = log;
    this.#now = now;
    this.#since = now();
  }

  /** A request passed the check: the signing secret works. */
  passed(): void {
    this.#anyPassed = true;
  }

  refused(): void {
    this.#refused++;
    const at = this.#now();
    if (at - this.#lastLineAt < EVERY_MS) return;
    const count = this.#refused;
    const hint = this.#anyPassed
      ? ''
      : '; none has passed since accessbot started: if Slack’s own requests are refused too, SLACK_SIGNING_SECRET is likely not this Slack app’s Signing Secret (Basic Information → App Credentials)';
    this.#log.warn(
      { refused: count, since: new Date(this.#since).toISOString() },
      `refused ${count} Slack request${count === 1 ? '' : 's'} without a valid signature since ${new Date(this.#since).toISOString()}${hint}`,
    );
    this.#lastLineAt = at;
    this.#since = at;
    this.#refused = 0;
  }
}
