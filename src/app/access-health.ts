/**
 * Whether the Access Service answers, as every answer the client gets says; watched on a back-off
 * while not `up`. An outage never stops start-up nor fails readiness: every replica would leave
 * at once, and people would get the platform's error instead of ours (docs/operations.md).
 */
import type { Gauge } from 'prom-client';
import { type EndpointName, fixedPath, probeEndpoint } from '../access/endpoints.ts';
import type { Clock } from '../core/clock.ts';
import { ConfigError } from '../errors.ts';
import type { Logger } from '../log.ts';
import { outageReason, wrongSetting } from './access-check.ts';

export type AccessState = 'unknown' | 'up' | 'down' | 'refusing our credentials' | 'wrong address';

/** An answer's endpoint and status, or 'error' when none came (refused, timed out, cut off). */
export interface Seen {
  endpoint: EndpointName;
  status: number | 'error';
}

export interface AccessHealthOptions {
  gauge: Gauge;
  /** One cheap request (`AccessClient.probe`); its answer also arrives through `seen`. */
  probe: () => Promise<void>;
  log: Logger;
  clock: Clock;
  /** No credentials: it is shown. */
  url: string;
  /** A state older than this is refreshed in the background when `/healthz` asks. */
  staleMs?: number;
}

const FIRST_RECHECK_MS = 5_000;
const LONGEST_RECHECK_MS = 300_000;

function stateOf({ endpoint, status }: Seen): AccessState {
  if (status === 'error' || status >= 500) return 'down';
  if (status === 401 || status === 403) return 'refusing our credentials';
  if (status === 404 && fixedPath(endpoint)) return 'wrong address';
  return 'up';
}

export class AccessHealth {
  #state: AccessState = 'unknown';
  #at = Number.NEGATIVE_INFINITY;
  #probing = false;
  #watching = false;
  readonly #stop = new AbortController();
  readonly #o: Required<AccessHealthOptions>;

  constructor(options: AccessHealthOptions) {
    this.#o = { staleMs: 30_000, ...options };
  }

  get state(): AccessState {
    return this.#state;
  }

  seen(answer: Seen): void {
    const before = this.#state;
    this.#state = stateOf(answer);
    this.#at = this.#o.clock.now().getTime();
    this.#o.gauge.set(this.#state === 'up' ? 1 : 0);
    if (this.#state === 'up' && before !== 'up' && before !== 'unknown') {
      this.#o.log.info({ access: this.#o.url }, 'the Access Service answers again');
    }
    if (this.#state !== 'up') this.#watch();
  }

  /** Throws a `ConfigError` only when the answer can only mean a wrong setting. */
  async start(): Promise<void> {
    try {
      await this.#o.probe();
      this.#o.log.info({ access: this.#o.url }, 'Access Service connected');
    } catch (error) {
      const wrong = wrongSetting(error, this.#o.url);
      if (wrong) {
        this.stop();
        throw new ConfigError(wrong);
      }
      // Also when no attempt went out to be seen: the outage is the state, and it is watched.
      if (this.#state === 'unknown') this.seen({ endpoint: probeEndpoint.name, status: 'error' });
      this.#o.log.warn(
        `the Access Service at ${this.#o.url} is not answering ${outageReason(error, this.#o.url)}; accessbot starts anyway, tells people the service is down, and checks again in ${FIRST_RECHECK_MS / 1000} s`,
      );
    }
  }

  /** For `/healthz`: the state as last seen; the request that refreshes an old one is not awaited. */
  report(): { access_service: AccessState } {
    const age = this.#o.clock.now().getTime() - this.#at;
    if (!this.#probing && !this.#watching && age > this.#o.staleMs) {
      this.#probing = true;
      // The probe's own answer arrives through `seen`; its failure is the state, not an error.
      void this.#o
        .probe()
        .catch(() => {})
        .finally(() => {
          this.#probing = false;
        });
    }
    return { access_service: this.#state };
  }

  stop(): void {
    this.#stop.abort();
  }

  /** A method, not a narrowed field: requests change the state while a check waits. */
  #up(): boolean {
    return this.#state === 'up';
  }

  #watch(): void {
    if (this.#watching || this.#stop.signal.aborted) return;
    this.#watching = true;
    void this.#recheck().finally(() => {
      this.#watching = false;
    });
  }

  async #recheck(): Promise<void> {
    const { clock, log, url } = this.#o;
    const since = clock.now().toISOString();
    let waitMs = FIRST_RECHECK_MS;
    for (let checks = 1; ; checks++) {
      await clock.sleep(waitMs, this.#stop.signal);
      if (this.#stop.signal.aborted || this.#up()) return;
      const error = await this.#o.probe().then(
        () => undefined,
        (failure: unknown) => failure,
      );
      // Another request may have found it answering meanwhile.
      if (!error || this.#up()) return;
      waitMs = Math.min(waitMs * 2, LONGEST_RECHECK_MS);
      const next = `checking again in ${waitMs / 1000} s`;
      const wrong = wrongSetting(error, url);
      if (wrong) log.error(`${wrong} (${next})`);
      else {
        log.warn(
          `the Access Service at ${url} is still not answering, ${checks} checks since ${since} ${outageReason(error, url)}; ${next}`,
        );
      }
    }
  }
}
