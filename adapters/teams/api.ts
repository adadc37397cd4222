/**
 * Calls to the Bot Connector, with the retries and error mapping the notifier promises.
 *
 * botbuilder's own HTTP pipeline (Azure core) already retries 5xx (so 502 and 504), 408 and
 * network errors, and 429/503 that carry `Retry-After`, up to 3 times with exponential backoff.
 * On top of that we retry what it leaves alone — 412 (Teams' transient "precondition failed")
 * and 429 without `Retry-After` — with our own backoff, then map what still fails:
 * 403/404 (the bot was removed, the conversation is gone) → `RecipientGoneError`; anything else
 * → `PlatformUnavailableError`, with the service's `Retry-After` when it gave one.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { PlatformUnavailableError, RecipientGoneError } from '../../src/core/notifier.ts';
import type { Logger } from '../../src/log.ts';
import type { Metrics } from '../../src/metrics.ts';
import { backoffDelay, parseRetryAfter, type RetryPolicy } from '../../src/net/retry.ts';

/**
 * What we retry carries no `Retry-After`, so there is no longest one to honour. The jitter and
 * the wait are `random` and `sleep`, so that tests retry without waiting.
 */
export interface ConnectorRetry extends Omit<RetryPolicy, 'maxRetryAfterMs'> {
  random?: () => number;
  sleep?: (ms: number) => Promise<unknown>;
}

export const defaultRetry: ConnectorRetry = { limit: 3, baseDelayMs: 500, maxDelayMs: 30_000 };

export interface ConnectorDeps {
  log: Logger;
  metrics: Metrics;
  retry: ConnectorRetry;
}

/** What a failed Bot Connector call tells us, read from botbuilder's `RestError`. */
function failureOf(error: unknown) {
  const e = (typeof error === 'object' && error !== null ? error : {}) as {
    statusCode?: unknown;
    code?: unknown;
    response?: { headers?: { get?: (name: string) => string | undefined } };
  };
  const header = e.response?.headers?.get?.('retry-after');
  return {
    status: typeof e.statusCode === 'number' ? e.statusCode : undefined,
    code: typeof e.code === 'string' ? e.code : undefined,
    retryAfterMs: parseRetryAfter(header),
  };
}
type ConnectorFailure = ReturnType<typeof failureOf>;

const ourRetry = (f: ConnectorFailure) =>
  f.status === 412 || (f.status === 429 && f.retryAfterMs === undefined);

const isGone = (f: ConnectorFailure) => f.status === 403 || f.status === 404;

/** Runs one Bot Connector call with our retries; throws only the notifier's typed errors. */
export async function callConnector<T>(
  deps: ConnectorDeps,
  method: string,
  call: () => Promise<T>,
): Promise<T> {
  const { log, metrics, retry } = deps;
  for (let attempt = 1; ; attempt++) {
    const started = performance.now();
    try {
      const result = await call();
      observe(metrics, method, 'ok', started);
      return result;
    } catch (error) {
      const f = failureOf(error);
      observe(metrics, method, f.status ? `status_${f.status}` : 'error', started);
      if (ourRetry(f) && attempt <= retry.limit) {
        const delay = Math.round(backoffDelay(retry, attempt, retry.random ?? Math.random));
        log.warn(
          { method, status: f.status, attempt, delayMs: delay },
          'Bot Connector busy; retrying',
        );
        await (retry.sleep ?? sleep)(delay);
        continue;
      }
      throw mapFailure(method, f, error, log);
    }
  }
}

function mapFailure(method: string, f: ConnectorFailure, error: unknown, log: Logger): Error {
  const what = `Bot Connector ${method} failed${f.status ? ` with ${f.status}` : ''}${f.code ? ` (${f.code})` : ''}`;
  if (isGone(f)) {
    log.warn({ method, status: f.status, code: f.code }, `${what}: the recipient is gone`);
    return new RecipientGoneError(`${what}: the bot was removed or the conversation is gone`, {
      cause: error,
    });
  }
  log.error({ err: error, method, status: f.status, code: f.code }, what);
  return new PlatformUnavailableError(what, { cause: error, retryAfterMs: f.retryAfterMs });
}

function observe(metrics: Metrics, method: string, outcome: string, started: number): void {
  metrics.platformCalls.inc({ platform: 'teams', method, outcome });
  metrics.platformSeconds.observe(
    { platform: 'teams', method },
    (performance.now() - started) / 1000,
  );
}
