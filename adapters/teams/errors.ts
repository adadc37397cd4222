/**
 * Bot Connector failures as typed errors, read from `RestError`'s status, code and `Retry-After`,
 * never its message text: 403/404 (the bot was removed) → gone; 400/413 (the activity itself is
 * refused: malformed, too large) → refused; anything else → unavailable.
 */
import {
  MessageRefusedError,
  PlatformUnavailableError,
  RecipientGoneError,
} from '../../src/core/notifier.ts';
import type { Logger } from '../../src/log.ts';
import { parseRetryAfter } from '../../src/net/retry.ts';

/** What a failed Bot Connector call tells us, read from botbuilder's `RestError`. */
export function failureOf(error: unknown) {
  const e = (typeof error === 'object' && error !== null ? error : {}) as {
    statusCode?: unknown;
    code?: unknown;
    response?: { headers?: { get?: (name: string) => string | undefined } };
  };
  const header = e.response?.headers?.get?.('retry-after');
  return {
    status: typeof e.statusCode === 'number' ? e.statusCode : undefined,
    code: typeof e.code === 'string' ? e.code : undefined,
    retryAfterMs: parseRetryAfter(header),
  };
}
export type ConnectorFailure = ReturnType<typeof failureOf>;

const what = (method: string, f: ConnectorFailure) =>
  `Bot Connector ${method} failed${f.status ? ` with ${f.status}` : ''}${f.code ? ` (${f.code})` : ''}`;

export function connectorError(method: string, f: ConnectorFailure, cause: unknown): Error {
  if (f.status === 403 || f.status === 404) {
    return new RecipientGoneError(
      `${what(method, f)}: the bot was removed or the conversation is gone`,
      { cause },
    );
  }
  if (f.status === 400 || f.status === 413) {
    return new MessageRefusedError(`${what(method, f)}: the message itself was refused`, { cause });
  }
  return new PlatformUnavailableError(what(method, f), { cause, retryAfterMs: f.retryAfterMs });
}

/** The one line a call that failed for good leaves in the log. */
export function logFailure(log: Logger, method: string, error: Error): void {
  const f = failureOf(error.cause);
  const fields = { method, status: f.status, code: f.code };
  if (error instanceof RecipientGoneError) {
    log.warn(fields, `${what(method, f)}: the recipient is gone`);
  } else {
    log.error({ err: error.cause, ...fields }, what(method, f));
  }
}
