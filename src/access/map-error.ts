/**
 * The one place where transport failures become typed Access Service errors: by HTTP status,
 * by got's error class and code, never by message text. A programming error is not a transport
 * failure: it is thrown on as it is, so that nobody is told "the service is down" for our bug.
 */
import { HTTPError, RequestError, TimeoutError } from 'got';
import type { EndpointName } from './endpoints.ts';
import {
  AccessError,
  ConflictError,
  InvalidRequestError,
  NotFoundError,
  ServiceUnavailableError,
  UnauthorizedError,
} from './errors.ts';
import { ProblemDetails } from './schemas.ts';

function problemIn(body: unknown): ProblemDetails | undefined {
  if (typeof body !== 'string' || body.length === 0) return undefined;
  try {
    const parsed = ProblemDetails.safeParse(JSON.parse(body));
    return parsed.success ? parsed.data : undefined;
  } catch {
    // Spec 4.1 allows problem details as text/plain; a body that is not JSON says nothing more.
    return undefined;
  }
}

export function toAccessError(endpoint: EndpointName, error: unknown): AccessError {
  if (error instanceof AccessError) return error;
  if (error instanceof Error && error.cause instanceof AccessError) return error.cause;
  if (error instanceof HTTPError) {
    const status = error.response.statusCode;
    const details = { status, problem: problemIn(error.response.body), cause: error };
    if (status === 401) return new UnauthorizedError(endpoint, details);
    if (status === 404) return new NotFoundError(endpoint, details);
    if (status === 409) return new ConflictError(endpoint, details);
    if (status === 429) return new ServiceUnavailableError(endpoint, 'rate limited', details);
    if (status >= 500) return new ServiceUnavailableError(endpoint, `HTTP ${status}`, details);
    return new InvalidRequestError(endpoint, details);
  }
  if (error instanceof TimeoutError) {
    return new ServiceUnavailableError(endpoint, 'no answer in time', { cause: error });
  }
  if (error instanceof RequestError) {
    if (isBug(error.cause)) throw error.cause;
    const reason = error.code ? `connection failed (${error.code})` : 'connection failed';
    return new ServiceUnavailableError(endpoint, reason, { cause: error });
  }
  throw error;
}

/** Errors that only code can cause; the network and the service cause none of these. */
function isBug(error: unknown): boolean {
  return (
    error instanceof TypeError ||
    error instanceof RangeError ||
    error instanceof ReferenceError ||
    error instanceof SyntaxError
  );
}
