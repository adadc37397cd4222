/**
 * The work Slack requests cause after their ack, bounded: at most `concurrency` jobs run at once,
 * at most `maxWaiting` more wait for a slot, and one person has at most `perPerson` jobs waiting
 * or running. A job past either limit is not taken at all, so its person can be told at once that
 * accessbot is busy instead of getting a late answer; and the event loop never holds more work
 * than it can turn round quickly, so acks and health checks stay fast whatever arrives.
 *
 * Besides the counts, a new job is refused when `overloaded()` says so — asked once per job; it
 * turns away a share of them while the event loop has no time to spare (loop-pressure.ts): jobs
 * already running can keep the thread busy on their own.
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

/** An admitted job: run it exactly once, or cancel it. */
export interface Ticket {
  run(work: () => Promise<unknown>): Promise<void>;
  /** Gives the place back unused: the request turned out to need no work (a replay). */
  cancel(): void;
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

  /** True while every place is taken: a new job from anyone would be refused. */
  get full(): boolean {
    const { concurrency, maxWaiting } = this.#limits;
    return this.#running + this.#admitted >= concurrency + maxWaiting;
  }

  /** A ticket for one job of `person`, or undefined when the process or the person is at a limit. */
  admit(person: string): Ticket | undefined {
    const theirs = this.#perPerson.get(person) ?? 0;
    if (theirs >= this.#limits.perPerson || this.full || this.#overloaded()) return undefined;
    this.#perPerson.set(person, theirs + 1);
    this.#admitted++;
    let used = false;
    const use = () => {
      if (used) throw new Error('a work ticket was used twice');
      used = true;
    };
    return {
      run: async (work) => {
        use();
        await this.#slot();
        try {
          await work();
        } finally {
          this.#release(person);
        }
      },
      cancel: () => {
        use();
        this.#admitted--;
        this.#forget(person);
        this.#settle();
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
    this.#forget(person);
    const next = this.#waiting.shift();
    if (next) {
      this.#admitted--;
      next();
    } else this.#running--;
    this.#settle();
  }

  #forget(person: string): void {
    const left = (this.#perPerson.get(person) ?? 1) - 1;
    if (left > 0) this.#perPerson.set(person, left);
    else this.#perPerson.delete(person);
  }

  #settle(): void {
    if (this.#running + this.#admitted > 0) return;
    for (const resolve of this.#idle) resolve();
    this.#idle = [];
  }
}
