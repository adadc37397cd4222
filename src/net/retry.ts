/** One back-off and one reading of `Retry-After`, for every service accessbot calls. */

/** `baseDelayMs`, doubling up to `maxDelayMs`. */
export interface Backoff {
  baseDelayMs: number;
  maxDelayMs: number;
}

export interface RetryPolicy extends Backoff {
  /** Tries after the first. */
  limit: number;
  /** A longer `Retry-After` fails the call at once. */
  maxRetryAfterMs: number;
}

/** Jittered (half to all of the step) so callers that failed together do not retry together. */
export function backoffDelay(backoff: Backoff, attempt: number, random: () => number): number {
  const step = Math.min(backoff.maxDelayMs, backoff.baseDelayMs * 2 ** Math.min(attempt - 1, 30));
  return step * (0.5 + random() / 2);
}

/** In ms, from delta-seconds or an HTTP date. */
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
