/**
 * The one error base of accessbot: a stable `code` to branch on (never the message text)
 * and the underlying `cause`. Messages are written for operators and never carry secrets.
 * The codes are one closed list, so a new failure is named here before it can be thrown.
 */
export type ErrorCode =
  | 'CONFIG_INVALID'
  | 'ACCESS_UNAUTHORIZED'
  | 'ACCESS_NOT_FOUND'
  | 'ACCESS_WRONG_ADDRESS'
  | 'ACCESS_CONFLICT'
  | 'ACCESS_INVALID_REQUEST'
  | 'ACCESS_UNAVAILABLE'
  | 'ACCESS_INVALID_RESPONSE'
  | 'ACCESS_RESPONSE_TOO_LARGE'
  | 'ACCESS_LIST_TOO_LONG'
  | 'ACCESS_FOREIGN_ORIGIN'
  | 'IDENTITY_NO_EMAIL'
  | 'IDENTITY_NO_MATCH'
  | 'IDENTITY_PROFILE_UNAVAILABLE'
  | 'SENSITIVITY_CHECK_TIMED_OUT'
  | 'RECIPIENT_GONE'
  | 'MESSAGE_REFUSED'
  | 'NOT_IN_CHANNEL'
  | 'PLATFORM_UNAVAILABLE'
  | 'PLATFORM_FAILED'
  | 'PLATFORM_LOOKUP_FAILED'
  | 'STORE_URL_UNSUPPORTED'
  | 'STORE_OPEN_FAILED'
  | 'STORE_CLOSED'
  | 'STORE_INVALID_INPUT'
  | 'STORE_CORRUPT_ROW'
  | 'STORE_QUERY_FAILED'
  | 'SANDBOX_BAD_REQUEST'
  | 'SANDBOX_NOT_FOUND'
  | 'SANDBOX_METHOD_NOT_ALLOWED'
  | 'SANDBOX_CONFLICT'
  | 'SANDBOX_PAYLOAD_TOO_LARGE'
  | 'SANDBOX_UNSUPPORTED_MEDIA_TYPE'
  | 'SANDBOX_UNPROCESSABLE'
  | 'SLACK_API'
  | 'SLACK_START'
  | 'TEAMS_START'
  | 'RULES_INVALID';

export class AppError extends Error {
  readonly code: ErrorCode;

  constructor(code: ErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = new.target.name;
    this.code = code;
  }
}

/** A configuration value is missing or wrong; start-up stops with this one line. */
export class ConfigError extends AppError {
  constructor(message: string) {
    super('CONFIG_INVALID', message);
  }
}
