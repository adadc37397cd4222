/**
 * What a person is told when the Access Service fails, by error class. The operator gets the
 * log line with the details; the chat gets a short, truthful sentence and no internals.
 */
import {
  AccessError,
  InvalidResponseError,
  ListTooLongError,
  NotFoundError,
  ResponseTooLargeError,
  ServiceUnavailableError,
  UnauthorizedError,
} from '../access/errors.ts';
import type { Logger } from '../log.ts';
import { NotLinkedError, ProfileUnavailableError } from './errors.ts';
import { failure, type Reply, warning } from './reply.ts';

/** A reply for a failure of a read-only command (nothing was changed). */
export function replyForError(error: unknown, log: Logger): Reply {
  if (error instanceof NotLinkedError) return warning(error.message);
  if (error instanceof ProfileUnavailableError) {
    log.warn({ err: error }, 'the chat platform did not answer a profile lookup');
    return failure(
      "I couldn't read your chat profile just now (the chat service did not answer), so I can't tell who you are. Nothing was changed; please try again in a minute.",
    );
  }
  if (error instanceof UnauthorizedError) {
    log.error({ err: error }, 'the Access Service refused accessbot credentials');
    return failure(
      "The Access Service refused accessbot's credentials, so I can't do anything right now. Please tell the admin who runs accessbot.",
    );
  }
  if (error instanceof ServiceUnavailableError) {
    log.warn({ err: error }, 'Access Service unavailable');
    return failure(
      'The Access Service is not answering right now. Nothing was changed; please try again in a minute.',
    );
  }
  if (error instanceof ResponseTooLargeError || error instanceof ListTooLongError) {
    log.error({ err: error, endpoint: error.endpoint }, 'Access Service answer over a limit');
    return failure(
      'The Access Service sent more than accessbot is set to read, so I stopped reading it. Nothing was changed; the admin has been told in the logs.',
    );
  }
  if (error instanceof InvalidResponseError) {
    log.error({ err: error }, 'Access Service answered with an unexpected body');
    return failure(
      'The Access Service sent an answer I could not understand. Nothing was changed; the admin has been told in the logs.',
    );
  }
  if (error instanceof NotFoundError) {
    return warning('The Access Service no longer knows that item.');
  }
  if (error instanceof AccessError) {
    log.error({ err: error }, 'Access Service rejected a request');
    return failure('The Access Service rejected that request. Nothing was changed.');
  }
  log.error({ err: error }, 'unexpected failure while handling a command');
  return failure('Something went wrong on my side. Nothing was changed; the admin has been told.');
}

/** What `read` gets, or undefined when the Access Service does not know it (404). */
export async function found<T>(read: Promise<T>): Promise<T | undefined> {
  try {
    return await read;
  } catch (error) {
    if (error instanceof NotFoundError) return undefined;
    throw error;
  }
}
