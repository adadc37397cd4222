/**
 * When a failed GET is sent again: after a 429, 500, 502, 503 or 504, or when no answer came
 * (the connection failed, or the time ran out), up to `limit` more times. The wait doubles from
 * `baseDelayMs` up to `maxDelayMs`, jittered between half and all of the step; a 429 or 503 that
 * says `Retry-After` is waited out as asked — unless that is longer than `maxRetryAfterMs`, and
 * then the call fails at once instead. Writes are never sent twice: a second POST could act twice.
 */
export interface RetryPolicy {
  /** Retries after the first attempt, for GETs only. */
  limit: number;
  /** First backoff step; each further step doubles, with jitter. */
  baseDelayMs: number;
  maxDelayMs: number;
  /** A `Retry-After` longer than this is not waited for: the call fails instead. */
  maxRetryAfterMs: number;
}

export const defaultRetry: RetryPolicy = {
  limit: 3,
  baseDelayMs: 250,
  maxDelayMs: 4_000,
  maxRetryAfterMs: 30_000,
};

const retriedStatuses = new Set([429, 500, 502, 503, 504]);
const retryAfterStatuses = new Set([429, 503]);

export const isRetriedStatus = (status: number) => retriedStatuses.has(status);

/** `Retry-After` in ms: seconds, or an HTTP date; undefined when absent or unreadable. */
function retryAfterMs(header: string | undefined, now: number): number | undefined {
  if (header === undefined || header.trim() === '') return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/**
 * How long to wait before the attempt after failed attempt `attempt` (1 for the first), or
 * undefined when there is to be none. `status` is undefined when no answer came.
 */
export function retryDelay(
  policy: RetryPolicy,
  attempt: number,
  failure: { status?: number; retryAfter?: string },
  random: () => number,
  now = Date.now(),
): number | undefined {
  if (attempt > policy.limit) return undefined;
  const { status } = failure;
  if (status !== undefined && !retriedStatuses.has(status)) return undefined;
  const asked =
    status !== undefined && retryAfterStatuses.has(status)
      ? retryAfterMs(failure.retryAfter, now)
      : undefined;
  if (asked !== undefined) return asked > policy.maxRetryAfterMs ? undefined : asked;
  const step = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (attempt - 1));
  return Math.max(1, step / 2 + (random() * step) / 2);
}
