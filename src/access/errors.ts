/**
 * The Access Service's failures as typed errors, naming the endpoint's shape (never a URL with ids
 * or credentials). Callers branch on the class or `code`, never on message text.
 */
import { AppError, type ErrorCode } from '../errors.ts';
import type { EndpointName } from './endpoints.ts';
import type { ProblemDetails } from './schemas.ts';

export type AccessErrorCode = Extract<ErrorCode, `ACCESS_${string}`>;

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

const byStatus = (code: AccessErrorCode, message: string) =>
  class extends AccessError {
    constructor(endpoint: EndpointName, details?: Details) {
      super(code, endpoint, message, details);
    }
  };

/** 401 */
export class UnauthorizedError extends byStatus(
  'ACCESS_UNAUTHORIZED',
  'the Access Service refused the credentials',
) {}

/** 404 */
export class NotFoundError extends byStatus('ACCESS_NOT_FOUND', 'not found') {}

/** 404 on a path that names no item (`GET /Tasks`): a wrong base URL. */
export class WrongAddressError extends byStatus(
  'ACCESS_WRONG_ADDRESS',
  'not found, though every Access Service has it: is the version prefix, e.g. /api/v1, missing from ACCESS_API_URL?',
) {}

/** 409, e.g. a task already decided. */
export class ConflictError extends byStatus('ACCESS_CONFLICT', 'conflict with the current state') {}

/** 400, 422 and other 4xx. */
export class InvalidRequestError extends byStatus(
  'ACCESS_INVALID_REQUEST',
  'the request was rejected',
) {}

/** 5xx, 429 after retries, timeouts and connection failures. */
export class ServiceUnavailableError extends AccessError {
  constructor(endpoint: EndpointName, reason: string, details?: Details) {
    super('ACCESS_UNAVAILABLE', endpoint, `the Access Service is unavailable: ${reason}`, details);
  }
}

/** Not JSON, not the expected shape, or pages that lead in a circle. */
export class InvalidResponseError extends AccessError {
  constructor(
    endpoint: EndpointName,
    reason: string,
    details?: Details,
    code: AccessErrorCode = 'ACCESS_INVALID_RESPONSE',
  ) {
    super(code, endpoint, `unexpected response body: ${reason}`, details);
  }
}

/** An invalid response, so a decision whose answer was cut off is re-read, not assumed. */
export class ResponseTooLargeError extends InvalidResponseError {
  readonly maxBytes: number;

  constructor(endpoint: EndpointName, maxBytes: number) {
    super(
      endpoint,
      `larger than ${maxBytes} bytes (ACCESS_MAX_RESPONSE_BYTES); the download was stopped`,
      {},
      'ACCESS_RESPONSE_TOO_LARGE',
    );
    this.maxBytes = maxBytes;
  }
}

export type ListLimit = 'pages' | 'items' | 'bytes';

const listLimitVariable: Record<ListLimit, string> = {
  pages: 'ACCESS_MAX_PAGES',
  items: 'ACCESS_MAX_ITEMS',
  bytes: 'ACCESS_MAX_LIST_BYTES',
};

export class ListTooLongError extends InvalidResponseError {
  readonly limit: ListLimit;
  readonly max: number;

  constructor(endpoint: EndpointName, limit: ListLimit, max: number) {
    super(
      endpoint,
      `the list goes past ${max} ${limit} (${listLimitVariable[limit]}); reading was stopped`,
      {},
      'ACCESS_LIST_TOO_LONG',
    );
    this.limit = limit;
    this.max = max;
  }
}

/** A URL outside ACCESS_API_URL's origin: refused, so the credentials stay home. */
export class ForeignOriginError extends AccessError {
  constructor(endpoint: EndpointName, origin: string) {
    super(
      'ACCESS_FOREIGN_ORIGIN',
      endpoint,
      `refused to follow a link to ${origin}, which is not the Access Service's origin`,
    );
  }
}
