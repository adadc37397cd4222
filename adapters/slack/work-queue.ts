/**
 * The work Slack requests cause after their ack, bounded: at most `concurrency` jobs run at once,
 * at most `maxWaiting` more wait for a slot, and one person has at most `perPerson` jobs waiting
 * or running. A job past either limit is not taken at all, so its person can be told at once that
 * accessbot is busy instead of getting a late answer; and the event loop never holds more work
 * than it can turn round quickly, so acks and health checks stay fast whatever arrives.
 *
 * Besides the counts, new jobs are refused while `overloaded()` says the event loop has no time
 * to spare (loop-pressure.ts): jobs already running can keep the thread busy on their own.
 *
 * Admission and running are two steps: a job is admitted (or refused) before its request is
 * acknowledged, and runs only after the ack has gone out.
 */

export interface WorkLimits {
  /** Jobs running at once in this process. */
  concurrency: number;
  /** Admitted jobs waiting for a slot in this process. */
  maxWaiting: number;
  /** Jobs of one person waiting or running at once. */
  perPerson: number;
}

/**
 * A job answers in tens of milliseconds (one or two Access Service calls and a post), so 32 at
 * once keep a core busy without any of them holding the event loop for long; 128 waiting is
 * about a quarter of a second of work at the rate one process sustains.
 */
export const defaultWorkLimits: WorkLimits = { concurrency: 32, maxWaiting: 128, perPerson: 4 };

/** An admitted job: run it exactly once. */
export interface Ticket {
  run(work: () => Promise<unknown>): Promise<void>;
}

export class WorkQueue {
  readonly #limits: WorkLimits;
  readonly #overloaded: () => boolean;
  readonly #perPerson = new Map<string, number>();
  /** Admitted jobs that have not started; `run` may not have been called yet. */
  #admitted = 0;
  #running = 0;
  readonly #waiting: Array<() => void> = [];
  #idle: Array<() => void> = [];

  constructor(limits: Partial<WorkLimits> = {}, overloaded: () => boolean = () => false) {
    this.#limits = { ...defaultWorkLimits, ...limits };
    this.#overloaded = overloaded;
  }

  /** True while a new job from anyone would be refused. */
  get full(): boolean {
    const { concurrency, maxWaiting } = this.#limits;
    return this.#running + this.#admitted >= concurrency + maxWaiting || this.#overloaded();
  }

  /** A ticket for one job of `person`, or undefined when the process or the person is at a limit. */
  admit(person: string): Ticket | undefined {
    const theirs = this.#perPerson.get(person) ?? 0;
    if (theirs >= this.#limits.perPerson || this.full) return undefined;
    this.#perPerson.set(person, theirs + 1);
    this.#admitted++;
    return {
      run: async (work) => {
        await this.#slot();
        try {
          await work();
        } finally {
          this.#release(person);
        }
      },
    };
  }

  /** Resolves once nothing is waiting or running. */
  idle(): Promise<void> {
    if (this.#running + this.#admitted === 0) return Promise.resolve();
    return new Promise((resolve) => this.#idle.push(resolve));
  }

  /** Takes a free slot, or waits until a finishing job hands its slot over. */
  async #slot(): Promise<void> {
    if (this.#running < this.#limits.concurrency) {
      this.#admitted--;
      this.#running++;
      return;
    }
    await new Promise<void>((resolve) => this.#waiting.push(resolve));
  }

  #release(person: string): void {
    const left = (this.#perPerson.get(person) ?? 1) - 1;
    if (left > 0) this.#perPerson.set(person, left);
    else this.#perPerson.delete(person);
    const next = this.#waiting.shift();
    if (next) {
      this.#admitted--;
      next();
    } else this.#running--;
    if (this.#running + this.#admitted === 0) {
      for (const resolve of this.#idle) resolve();
      this.#idle = [];
    }
  }
}
