/**
 * Requests refused before authentication, on every route, logged in one line at most once a
 * minute with a count per door, so that a scanner cannot fill the log. Until one passes a door,
 * the line carries its `hint`: a setting is the likely cause.
 */
import type { Logger } from '../log.ts';

const EVERY_MS = 60_000;

export interface RefusalWords {
  /** E.g. "3 Slack requests without a valid signature". */
  what: (count: number) => string;
  /** Said while none has passed; starts with its own separator. */
  hint: string;
}

/** One route's side of the counter. */
export interface RefusalDoor {
  /** A request passed the check: the settings work. */
  passed(): void;
  /** `latest`: what the last refusal was about (never a secret), kept on the line. */
  refused(latest?: Record<string, unknown>): void;
}

interface Door {
  words: RefusalWords;
  refused: number;
  anyPassed: boolean;
}

export class Refusals {
  readonly #log: Logger;
  readonly #now: () => number;
  readonly #doors: Door[] = [];
  #since: number;
  #lastLineAt = Number.NEGATIVE_INFINITY;

  constructor(log: Logger, now: () => number) {
    this.#log = log;
    this.#now = now;
    this.#since = now();
  }

  door(words: RefusalWords): RefusalDoor {
    const door: Door = { words, refused: 0, anyPassed: false };
    this.#doors.push(door);
    return {
      passed: () => {
        door.anyPassed = true;
      },
      refused: (latest = {}) => this.#refused(door, latest),
    };
  }

  #refused(door: Door, latest: Record<string, unknown>): void {
    door.refused++;
    const at = this.#now();
    if (at - this.#lastLineAt < EVERY_MS) return;
    const counted = this.#doors.filter((d) => d.refused > 0);
    const since = new Date(this.#since).toISOString();
    const what = counted.map((d) => d.words.what(d.refused)).join(', ');
    const hints = counted.map((d) => (d.anyPassed ? '' : d.words.hint)).join('');
    const refused = counted.reduce((sum, d) => sum + d.refused, 0);
    this.#log.warn({ ...latest, refused, since }, `refused ${what} since ${since}${hints}`);
    this.#lastLineAt = at;
    this.#since = at;
    for (const d of counted) d.refused = 0;
  }
}
