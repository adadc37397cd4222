import { AppError } from '../errors.ts';

/** The chat user could not be matched to an Access Service user. */
export class NotLinkedError extends AppError {
  constructor(code: 'IDENTITY_NO_EMAIL' | 'IDENTITY_NO_MATCH', userMessage: string) {
    super(code, userMessage);
  }
}

/**
 * The chat platform did not answer when asked for a person's profile, so who they are cannot be
 * told right now: nobody is acted for, and nothing is guessed from what the client sent.
 */
export class ProfileUnavailableError extends AppError {
  constructor(options: { cause?: unknown }) {
    super(
      'IDENTITY_PROFILE_UNAVAILABLE',
      'the chat platform did not answer a profile lookup',
      options,
    );
  }
}
