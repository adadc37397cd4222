/**
 * The one error base of accessbot: a stable `code` to branch on (never the message text)
 * and the underlying `cause`. Messages are written for operators and never carry secrets.
 */
export class AppError extends Error {
  readonly code: string;

  constructor(code: string, message: string, options?: { cause?: unknown }) {
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
