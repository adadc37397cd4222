/**
 * The Access Service's failures as typed errors. Each names the endpoint (the spec's method and
 * path shape, never a URL with ids or credentials) and carries the problem details when the
 * service sent them. Callers branch on the class or `code`, never on message text.
 */
import { AppError } from '../errors.ts';
import type { EndpointName } from './endpoints.ts';
import type { ProblemDetails } from './schemas.ts';

export type AccessErrorCode =
  | 'ACCESS_UNAUTHORIZED'
  | 'ACCESS_NOT_FOUND'
  | 'ACCESS_CONFLICT'
  | 'ACCESS_INVALID_REQUEST'
  | 'ACCESS_UNAVAILABLE'
  | 'ACCESS_INVALID_RESPONSE'
  | 'ACCESS_FOREIGN_ORIGIN';

export class AccessError extends AppError {
  declare readonly code: AccessErrorCode;
  readonly endpoint: EndpointName;
  readonly status: number | undefined;
  readonly problem: ProblemDetails | undefined;

  constructor(
    code: AccessErrorCode,
    endpoint: EndpointName,
    message: string,
    details: { status?: number; problem?: ProblemDetails; cause?: unknown } = {},
  ) {
    const said = details.problem?.detail ?? details.problem?.title;
    super(code, `${endpoint}: ${message}${said ? ` (${said})` : ''}`, { cause: details.cause });
    this.endpoint = endpoint;
    this.status = details.status;
    this.problem = details.problem;
  }
}

type Details = ConstructorParameters<typeof AccessError>[3];

/** 401: the API key or secret was refused. */
export class UnauthorizedError extends AccessError {
  constructor(endpoint: EndpointName, details?: Details) {
    super('ACCESS_UNAUTHORIZED', endpoint, 'the Access Service refused the credentials', details);
  }
}

/** 404: the addressed resource does not exist. */
export class NotFoundError extends AccessError {
  constructor(endpoint: EndpointName, details?: Details) {
    super('ACCESS_NOT_FOUND', endpoint, 'not found', details);
  }
}

/** 409: the resource's state forbids the change (e.g. a task already decided). */
export class ConflictError extends AccessError {
  constructor(endpoint: EndpointName, details?: Details) {
    super('ACCESS_CONFLICT', endpoint, 'conflict with the current state', details);
  }
}

/** 400/422 (and other 4xx): the service rejected what we sent. */
export class InvalidRequestError extends AccessError {
  constructor(endpoint: EndpointName, details?: Details) {
    super('ACCESS_INVALID_REQUEST', endpoint, 'the request was rejected', details);
  }
}

/** 5xx, 429 after retries, timeouts and connection failures. */
export class ServiceUnavailableError extends AccessError {
  constructor(endpoint: EndpointName, reason: string, details?: Details) {
    super('ACCESS_UNAVAILABLE', endpoint, `the Access Service is unavailable: ${reason}`, details);
  }
}

/** A body that is not JSON or not of the expected shape. */
export class InvalidResponseError extends AccessError {
  constructor(endpoint: EndpointName, reason: string, details?: Details) {
    super('ACCESS_INVALID_RESPONSE', endpoint, `unexpected response body: ${reason}`, details);
  }
}

/** A `links.next` (or any URL) outside ACCESS_API_URL's origin: refused, credentials kept. */
export class ForeignOriginError extends AccessError {
  constructor(endpoint: EndpointName, origin: string) {
    super(
      'ACCESS_FOREIGN_ORIGIN',
      endpoint,
      `refused to follow a link to ${origin}, which is not the Access Service's origin`,
    );
  }
}
