/**
 * How accessbot waits before trying a failed call again, for every service it calls (the Access
 * Service, Slack, the Bot Connector, the outbox's deliveries): one back-off and one reading of
 * `Retry-After`.
 */

/** The growing pause between tries: `baseDelayMs`, doubling up to `maxDelayMs`. */
export interface Backoff {
  baseDelayMs: number;
  maxDelayMs: number;
}

/** When a failed call is tried again, and how long a service may ask to be left alone. */
export interface RetryPolicy extends Backoff {
  /** Tries after the first. */
  limit: number;
  /** A `Retry-After` longer than this is not waited for: the call fails at once instead. */
  maxRetryAfterMs: number;
}

/**
 * The pause before try `attempt + 1` after `attempt` failed ones (1 for the first), jittered
 * between half and all of the step, so that callers that failed together do not retry together.
 */
export function backoffDelay(backoff: Backoff, attempt: number, random: () => number): number {
  const step = Math.min(backoff.maxDelayMs, backoff.baseDelayMs * 2 ** Math.min(attempt - 1, 30));
  return step * (0.5 + random() / 2);
}

/** A `Retry-After` header in ms (delta-seconds or an HTTP date); undefined when absent or unreadable. */
export function parseRetryAfter(
  header: string | null | undefined,
  now = Date.now(),
): number | undefined {
  if (header == null || header.trim() === '') return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return seconds < 0 ? undefined : seconds * 1000;
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}
