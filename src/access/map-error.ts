/**
 * The one place a failed call becomes a typed Access Service error, by status and endpoint. A
 * programming error is thrown on as it is, so nobody is told "the service is down" for our bug.
 */
import { HTTPError, ReadError, RequestError, TimeoutError } from 'got';
import { type EndpointName, fixedPath } from './endpoints.ts';
import {
  AccessError,
  ConflictError,
  InvalidRequestError,
  NotFoundError,
  ServiceUnavailableError,
  UnauthorizedError,
  WrongAddressError,
} from './errors.ts';
import { ProblemDetails } from './schemas.ts';

function problemIn(body: string): ProblemDetails | undefined {
  if (body.length === 0) return undefined;
  try {
    const parsed = ProblemDetails.safeParse(JSON.parse(body));
    return parsed.success ? parsed.data : undefined;
  } catch {
    // Spec 4.1 allows problem details as text/plain; a body that is not JSON says nothing more.
    return undefined;
  }
}

function statusError(endpoint: EndpointName, status: number, body: string): AccessError {
  const details = { status, problem: problemIn(body) };
  if (status === 401) return new UnauthorizedError(endpoint, details);
  if (status === 404) {
    return fixedPath(endpoint)
      ? new WrongAddressError(endpoint, details)
      : new NotFoundError(endpoint, details);
  }
  if (status === 409) return new ConflictError(endpoint, details);
  if (status === 429) return new ServiceUnavailableError(endpoint, 'rate limited', details);
  if (status >= 500) return new ServiceUnavailableError(endpoint, `HTTP ${status}`, details);
  return new InvalidRequestError(endpoint, details);
}

const bugs = [TypeError, RangeError, ReferenceError, SyntaxError];

export function accessError(endpoint: EndpointName, error: unknown): unknown {
  if (!(error instanceof RequestError)) return error;
  // Our own refusal: the reason the call was aborted (a body too large).
  if (error.cause instanceof AccessError) return error.cause;
  if (error instanceof HTTPError) {
    return statusError(endpoint, error.response.statusCode, String(error.response.body ?? ''));
  }
  if (error instanceof TimeoutError) {
    return new ServiceUnavailableError(endpoint, 'no answer in time', { cause: error });
  }
  if (error instanceof ReadError) {
    return new ServiceUnavailableError(endpoint, 'answer cut off', { cause: error });
  }
  // got wraps whatever went wrong in a call, a header node refused to send as much as a refused
  // connection: the first is our bug.
  if (bugs.some((bug) => error.cause instanceof bug)) return error.cause;
  return new ServiceUnavailableError(endpoint, `connection failed (${error.code})`, {
    cause: error,
  });
}
