/**
 * Slack Web API failures as accessbot's typed errors: one mapper at the boundary, deciding by the
 * SDK's error classes and Slack's error codes, never by message text.
 */
import {
  WebAPIHTTPError,
  WebAPIPlatformError,
  WebAPIRateLimitedError,
  WebAPIRequestError,
} from '@slack/web-api';
import {
  MessageRefusedError,
  PlatformUnavailableError,
  RecipientGoneError,
} from '../../src/core/notifier.ts';
import { AppError } from '../../src/errors.ts';
import { parseRetryAfter } from '../../src/net/retry.ts';

/** Slack's codes for a person or conversation the bot can no longer reach. */
const goneCodes = new Set([
  'channel_not_found',
  'user_not_found',
  'users_not_found',
  'account_inactive',
  'user_disabled',
  'is_archived',
  'cannot_dm_bot',
  'message_not_found',
]);

/** Slack's codes for a call whose content it refuses: the same call is refused again. */
const refusedCodes = new Set([
  'invalid_arguments',
  'invalid_blocks',
  'invalid_blocks_format',
  'invalid_attachments',
  'too_many_attachments',
  'msg_too_long',
  'no_text',
  'invalid_metadata_format',
  'invalid_metadata_schema',
  'parameter_validation_failed',
]);

/** Slack's codes for a token that does not work (at start-up: stop with one clear line). */
const tokenCodes = new Set([
  'invalid_auth',
  'not_authed',
  'token_revoked',
  'token_expired',
  'account_inactive',
  'not_allowed_token_type',
]);

/** Any other answer Slack gave (`invalid_blocks`, `missing_scope`, …): a bug or a setup problem. */
export class SlackApiError extends AppError {
  readonly slackError: string;

  constructor(method: string, slackError: string, options?: { cause?: unknown }) {
    super('SLACK_API', `Slack ${method} failed: ${slackError}`, options);
    this.slackError = slackError;
  }
}

/**
 * Slack refuses posts until someone invites the bot: for a NOTIFY_RULES channel the message says
 * so, and the recipient is gone until then (nothing is retried).
 */
export class NotInChannelError extends RecipientGoneError {
  override readonly code = 'NOT_IN_CHANNEL';
  readonly channel: string | undefined;

  constructor(method: string, channel: string | undefined, options?: { cause?: unknown }) {
    super(
      channel
        ? `Slack ${method}: accessbot is not a member of channel ${channel}, which NOTIFY_RULES posts to; invite it there with /invite @accessbot`
        : `Slack ${method}: not_in_channel`,
      options,
    );
    this.channel = channel;
  }

  inChannel(method: string, channel: string): NotInChannelError {
    return new NotInChannelError(method, channel, { cause: this.cause });
  }
}

export class SlackStartError extends AppError {
  constructor(message: string, options?: { cause?: unknown }) {
    super('SLACK_START', message, options);
  }
}

export function mapSlackError(error: unknown, method: string): Error {
  if (error instanceof WebAPIRateLimitedError) {
    return new PlatformUnavailableError(`Slack ${method} is rate limited`, {
      cause: error,
      retryAfterMs: error.retryAfter * 1000,
    });
  }
  if (error instanceof WebAPIHTTPError) {
    return new PlatformUnavailableError(`Slack ${method} answered HTTP ${error.statusCode}`, {
      cause: error,
      retryAfterMs: parseRetryAfter(error.headers['retry-after']),
    });
  }
  if (error instanceof WebAPIRequestError) {
    return new PlatformUnavailableError(
      `Slack ${method} did not answer: ${error.original.message}`,
      {
        cause: error,
      },
    );
  }
  if (error instanceof WebAPIPlatformError) {
    const code = error.data.error;
    if (code === 'not_in_channel')
      return new NotInChannelError(method, undefined, { cause: error });
    if (goneCodes.has(code))
      return new RecipientGoneError(`Slack ${method}: ${code}`, { cause: error });
    if (refusedCodes.has(code))
      return new MessageRefusedError(`Slack ${method} refused the message: ${code}`, {
        cause: error,
      });
    if (code === 'ratelimited') {
      return new PlatformUnavailableError(`Slack ${method} is rate limited`, { cause: error });
    }
    return new SlackApiError(method, code, { cause: error });
  }
  return error instanceof Error ? error : new Error(String(error));
}

export function missingScopeOf(error: unknown): string | undefined {
  const refused = platformErrorOf(error);
  if (refused?.data.error !== 'missing_scope') return undefined;
  const { needed } = refused.data as { needed?: unknown };
  return typeof needed === 'string' ? needed : 'a history scope';
}

/** Whether or not it was mapped already. */
function platformErrorOf(error: unknown): WebAPIPlatformError | undefined {
  if (error instanceof WebAPIPlatformError) return error;
  return error instanceof Error ? platformErrorOf(error.cause) : undefined;
}

/** The one line `main` prints when `auth.test` fails at start-up. */
export function startError(error: unknown, apiUrl: string): SlackStartError {
  const code = platformErrorOf(error)?.data.error;
  if (code && tokenCodes.has(code)) {
    return new SlackStartError(
      `Slack refused SLACK_BOT_TOKEN (auth.test: ${code}); copy the Bot User OAuth Token (xoxb-…) from the app's "OAuth & Permissions" page`,
      { cause: error },
    );
  }
  const mapped = mapSlackError(error, 'auth.test');
  return new SlackStartError(
    `could not check SLACK_BOT_TOKEN with Slack at ${apiUrl}: ${mapped.message}`,
    { cause: error },
  );
}
