/**
 * Calls to the Bot Connector. botbuilder's pipeline already retries 5xx, 408, network errors and
 * 429/503 with `Retry-After`; what it leaves alone (412, Teams' transient "precondition failed",
 * and 429 without `Retry-After`) is retried here. What still fails is a typed error (errors.ts).
 */
import pRetry from 'p-retry';
import type { Logger } from '../../src/log.ts';
import type { Metrics } from '../../src/metrics.ts';
import type { Backoff } from '../../src/net/retry.ts';
import { type ConnectorFailure, connectorError, failureOf, logFailure } from './errors.ts';

/** What we retry carries no `Retry-After`, so there is no longest one to honour. */
export interface ConnectorRetry extends Backoff {
  limit: number;
}

export const defaultRetry: ConnectorRetry = { limit: 3, baseDelayMs: 500, maxDelayMs: 30_000 };

export interface ConnectorDeps {
  log: Logger;
  metrics: Metrics;
  retry: ConnectorRetry;
}

const ourRetry = (f: ConnectorFailure) =>
  f.status === 412 || (f.status === 429 && f.retryAfterMs === undefined);

/** Throws only the notifier's typed errors. */
export async function callConnector<T>(
  deps: ConnectorDeps,
  method: string,
  call: () => Promise<T>,
): Promise<T> {
  const { log, metrics, retry } = deps;
  const attempt = async () => {
    const started = performance.now();
    try {
      const result = await call();
      observe(metrics, method, 'ok', started);
      return result;
    } catch (error) {
      const f = failureOf(error);
      observe(metrics, method, f.status ? `status_${f.status}` : 'error', started);
      const mapped = connectorError(method, f, error);
      throw ourRetry(f) ? mapped : new pRetry.AbortError(mapped);
    }
  };
  try {
    return await pRetry(attempt, {
      retries: retry.limit,
      factor: 2,
      minTimeout: retry.baseDelayMs,
      maxTimeout: retry.maxDelayMs,
      randomize: true,
      onFailedAttempt: (error) => {
        if (error.retriesLeft === 0) return;
        const { status } = failureOf(error.cause);
        log.warn({ method, status, attempt: error.attemptNumber }, 'Bot Connector busy; retrying');
      },
    });
  } catch (error) {
    logFailure(log, method, error as Error);
    throw error;
  }
}

function observe(metrics: Metrics, method: string, outcome: string, started: number): void {
  metrics.platformCalls.inc({ platform: 'teams', method, outcome });
  metrics.platformSeconds.observe(
    { platform: 'teams', method },
    (performance.now() - started) / 1000,
  );
}
