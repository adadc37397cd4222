/**
 * The one place where an answer's HTTP status becomes a typed Access Service error, by status and
 * never by message text, with the problem details the service sent. Failures to get an answer at
 * all are typed where they happen (transport.ts); a programming error is typed nowhere: it is
 * thrown on as it is, so that nobody is told "the service is down" for our bug.
 */
import type { EndpointName } from './endpoints.ts';
import {
  type AccessError,
  ConflictError,
  InvalidRequestError,
  NotFoundError,
  ServiceUnavailableError,
  UnauthorizedError,
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

/** The error for an answer with a status of 400 or more. */
export function statusError(endpoint: EndpointName, status: number, body: string): AccessError {
  const details = { status, problem: problemIn(body) };
  if (status === 401) return new UnauthorizedError(endpoint, details);
  if (status === 404) return new NotFoundError(endpoint, details);
  if (status === 409) return new ConflictError(endpoint, details);
  if (status === 429) return new ServiceUnavailableError(endpoint, 'rate limited', details);
  if (status >= 500) return new ServiceUnavailableError(endpoint, `HTTP ${status}`, details);
  return new InvalidRequestError(endpoint, details);
}
