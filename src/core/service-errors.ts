/** When the service or the store fails: details in the log, a short truthful sentence in chat. */
import {
  AccessError,
  InvalidResponseError,
  ListTooLongError,
  NotFoundError,
  ResponseTooLargeError,
  ServiceUnavailableError,
  UnauthorizedError,
  WrongAddressError,
} from '../access/errors.ts';
import type { Logger } from '../log.ts';
import { StoreError } from '../store/errors.ts';
import { NotLinkedError, ProfileUnavailableError } from './errors.ts';
import type { Voice } from './i18n/voice.ts';
import { failure, type Reply, warning } from './reply.ts';
import { inert } from './text.ts';

/** An outage to tell as such, unlike a bad row or bad input, which are bugs. */
const storeDown = (error: unknown) =>
  error instanceof StoreError &&
  (error.code === 'STORE_QUERY_FAILED' || error.code === 'STORE_CLOSED');

/** Nothing for a failure that is only the person's (not linked). */
export function logFailure(error: unknown, log: Logger): void {
  if (error instanceof NotLinkedError || error instanceof NotFoundError) return;
  if (storeDown(error)) {
    log.error({ err: error }, 'the store failed; the person was told to try again in a minute');
  } else if (error instanceof ProfileUnavailableError) {
    log.warn({ err: error }, 'the chat platform did not answer a profile lookup');
  } else if (error instanceof UnauthorizedError) {
    log.error({ err: error }, 'the Access Service refused accessbot credentials');
  } else if (error instanceof WrongAddressError) {
    log.error(
      { err: error },
      'configuration error: ACCESS_API_URL does not lead to the Access Service',
    );
  } else if (error instanceof ServiceUnavailableError) {
    log.warn({ err: error }, 'Access Service unavailable');
  } else if (error instanceof ResponseTooLargeError || error instanceof ListTooLongError) {
    log.error({ err: error, endpoint: error.endpoint }, 'Access Service answer over a limit');
  } else if (error instanceof InvalidResponseError) {
    log.error({ err: error }, 'Access Service answered with an unexpected body');
  } else if (error instanceof AccessError) {
    log.error({ err: error }, 'Access Service rejected a request');
  } else log.error({ err: error }, 'unexpected failure while handling a command');
}

/** For a read-only command: nothing was changed. */
export function errorReply(v: Voice, error: unknown): Reply {
  if (error instanceof NotLinkedError) {
    return warning(
      v,
      error.email === undefined
        ? v.t('error.noEmail')
        : v.t('error.noMatch', { email: inert(error.email) }),
    );
  }
  if (error instanceof ProfileUnavailableError) return failure(v, v.t('error.profile'));
  if (storeDown(error)) return failure(v, v.t('error.store'));
  if (error instanceof UnauthorizedError) return failure(v, v.t('error.credentials'));
  if (error instanceof WrongAddressError) return failure(v, v.t('error.wrongAddress'));
  if (error instanceof ServiceUnavailableError) return failure(v, v.t('error.unavailable'));
  if (error instanceof ResponseTooLargeError || error instanceof ListTooLongError) {
    return failure(v, v.t('error.tooMuch'));
  }
  if (error instanceof InvalidResponseError) return failure(v, v.t('error.garbled'));
  if (error instanceof NotFoundError) return warning(v, v.t('error.notFound'));
  if (error instanceof AccessError) return failure(v, v.t('error.rejected'));
  return failure(v, v.t('error.ours'));
}

export function replyForError(v: Voice, error: unknown, log: Logger): Reply {
  logFailure(error, log);
  return errorReply(v, error);
}

/** Undefined on 404. */
export async function found<T>(read: Promise<T>): Promise<T | undefined> {
  try {
    return await read;
  } catch (error) {
    if (error instanceof NotFoundError) return undefined;
    throw error;
  }
}
