/**
 * What the benchmark's Access Service counts: requests in each second of wall-clock time (to
 * show the poller stays at or under POLL_MAX_RPS) and requests naming each person (the `userId`
 * a task list is asked for), split between the people the benchmark made active and the rest.
 */
export interface PeopleCount {
  /** People in the group. */
  people: number;
  /** Requests naming one of them. */
  requests: number;
  /** The most requests naming any one of them. */
  max: number;
  /** Of them, those named by one request or more. */
  polled: number;
}

export interface CountReport {
  /** Requests since the window began, naming a person or not. */
  requests: number;
  windowMs: number;
  active: PeopleCount;
  quiet: PeopleCount;
  /** The busiest second since the rate count began, and how many seconds it spans. */
  maxPerSecond: number;
  seconds: number;
}

export class RequestCount {
  readonly #users: number;
  readonly #active: ReadonlySet<string>;
  #perPerson = new Map<string, number>();
  #requests = 0;
  #windowStart = Date.now();
  #perSecond = new Map<number, number>();

  /** `active`: who counts as active (the set may grow as the benchmark gives people tasks). */
  constructor(users: number, active: ReadonlySet<string>) {
    this.#users = users;
    this.#active = active;
  }

  record(userId: string | null): void {
    const second = Math.floor(Date.now() / 1000);
    this.#perSecond.set(second, (this.#perSecond.get(second) ?? 0) + 1);
    this.#requests++;
    if (userId) this.#perPerson.set(userId, (this.#perPerson.get(userId) ?? 0) + 1);
  }

  /** A new window for the counts per person. */
  startWindow(): void {
    this.#perPerson = new Map();
    this.#requests = 0;
    this.#windowStart = Date.now();
  }

  /** A new count of requests per second (the requests before were not the poller's). */
  startRate(): void {
    this.#perSecond = new Map();
  }

  report(): CountReport {
    const active = { people: this.#active.size, requests: 0, max: 0, polled: 0 };
    const quiet = { people: this.#users - this.#active.size, requests: 0, max: 0, polled: 0 };
    for (const [userId, n] of this.#perPerson) {
      const group = this.#active.has(userId) ? active : quiet;
      group.requests += n;
      group.max = Math.max(group.max, n);
      group.polled++;
    }
    return {
      requests: this.#requests,
      windowMs: Date.now() - this.#windowStart,
      active,
      quiet,
      maxPerSecond: Math.max(0, ...this.#perSecond.values()),
      seconds: this.#perSecond.size,
    };
  }
}
