/**
 * Whether the Access Service answers, as this process last saw it: every answer the client gets
 * (or fails to get) updates it, and a state older than `staleMs` is refreshed by one cheap
 * request in the background when asked for. It is reported on `/healthz` and as
 * `accessbot_access_service_up`, and is never a reason to leave the load balancer: during an
 * outage every replica would leave at once, and people would get the platform's error instead
 * of accessbot's own "the Access Service is down" (docs/operations.md).
 */
import type { Gauge } from 'prom-client';
import type { AccessClient } from '../access/client.ts';

/** The first page of WorkApps and no more: the cheapest request that shows the service answers. */
export async function firstWorkApp(client: AccessClient): Promise<void> {
  for await (const _ of client.listWorkApps()) break;
}

export type AccessState = 'unknown' | 'up' | 'down' | 'refusing our credentials';

export class AccessHealth {
  #state: AccessState = 'unknown';
  #at = Number.NEGATIVE_INFINITY;
  #probing = false;
  readonly #gauge: Gauge;
  readonly #probe: () => Promise<void>;
  readonly #staleMs: number;

  constructor(gauge: Gauge, probe: () => Promise<void>, staleMs = 30_000) {
    this.#gauge = gauge;
    this.#probe = probe;
    this.#staleMs = staleMs;
  }

  /** An answer's status, or 'error' when none came (refused, timed out, cut off). */
  seen(status: number | 'error'): void {
    this.#state =
      status === 'error' || status >= 500
        ? 'down'
        : status === 401 || status === 403
          ? 'refusing our credentials'
          : 'up';
    this.#at = performance.now();
    this.#gauge.set(this.#state === 'up' ? 1 : 0);
  }

  /** For `/healthz`: the state as last seen; the request that refreshes an old one is not awaited. */
  report(): { access_service: AccessState } {
    if (!this.#probing && performance.now() - this.#at > this.#staleMs) {
      this.#probing = true;
      // The probe's own answer arrives through `seen`; its failure is the state, not an error.
      void this.#probe()
        .catch(() => {})
        .finally(() => {
          this.#probing = false;
        });
    }
    return { access_service: this.#state };
  }
}
