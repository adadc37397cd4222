/**
 * POLL_MAX_RPS, the one limiter of the poller's rate: on every HTTP attempt the poller causes —
 * each page of a list, each retry, the reads behind a new card — as the service counts them. It
 * is the whole deployment's budget: each of the replicas alive (their heartbeats in the store)
 * takes an equal share. The poller's work runs in a scope (Node's AsyncLocalStorage) that the
 * Access client's `pace` hook looks up, so the bot's own commands, outside it, are never held
 * back behind the poller.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import PQueue from 'p-queue';

/**
 * What is left of the bound for the jitter between a start here and its count on the service's
 * side (a pause of this process or of the service's, the network): up to 50 ms of a second.
 * At 2 %, a 100,000-person poller at its bound was once counted 1 % over it.
 */
const JITTER_SHARE = 0.05;

/**
 * `perSecond` as p-queue's starts per second, in a sliding window (`strict`), so that any second
 * counted on the service's side sees no more: 5 % under the bound, rounded down. Under one a
 * second: one start per stretched interval.
 */
const rate = (perSecond: number) =>
  perSecond < 1
    ? { intervalCap: 1, interval: 1_000 / perSecond, strict: true }
    : {
        intervalCap: Math.max(1, Math.floor(perSecond * (1 - JITTER_SHARE))),
        interval: 1_000,
        strict: true,
      };

const queueOf = (perSecond: number) =>
  new PQueue({ concurrency: Number.POSITIVE_INFINITY, ...rate(perSecond) });

/** Lets HTTP attempts start no faster than this replica's share of `maxRps`. */
export class Pace {
  readonly #maxRps: number;
  #replicas = 1;
  #queue: PQueue;

  constructor(maxRps: number) {
    this.#maxRps = maxRps;
    this.#queue = queueOf(maxRps);
  }

  /** Waits for this attempt's turn. */
  turn(): Promise<void> {
    return this.#queue.add(() => {});
  }

  /**
   * `replicas` (this one included) share the budget from now on. The turns already queued start
   * at the old share, and the new share's first only a second after their last, so that no
   * second the service counts holds starts of both; that wait keeps no process alive.
   */
  share(replicas: number): void {
    const n = Math.max(1, replicas);
    if (n === this.#replicas) return;
    this.#replicas = n;
    const before = this.#queue;
    const next = queueOf(this.#maxRps / n);
    next.pause();
    void before.onIdle().then(() => setTimeout(() => next.start(), 1_000).unref());
    this.#queue = next;
  }
}

/** This replica's pace, alone until told how many share the budget. */
export const pacer = (maxRps: number) => new Pace(maxRps);

const scope = new AsyncLocalStorage<Pace>();

/** Runs `work` (and all it starts) as the poller's, paced by `pace`. */
export const asPollerWork = <T>(pace: Pace | undefined, work: () => T): T =>
  pace ? scope.run(pace, work) : work();

/** The Access client's `pace` hook: waits for a turn inside the poller's work, not outside it. */
export const pacePollerRequests = (): Promise<void> | undefined => scope.getStore()?.turn();
