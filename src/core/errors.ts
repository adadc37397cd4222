import { AppError } from '../errors.ts';

/**
 * The chat user could not be matched to an Access Service user: their profile shows no e-mail
 * address, or `email`, which belongs to nobody there. The person is told in their language.
 */
export class NotLinkedError extends AppError {
  readonly email: string | undefined;

  constructor(code: 'IDENTITY_NO_EMAIL' | 'IDENTITY_NO_MATCH', email?: string) {
    super(
      code,
      code === 'IDENTITY_NO_EMAIL'
        ? 'no e-mail address on the chat profile'
        : 'the chat e-mail address belongs to no Access user',
    );
    this.email = email;
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

/**
 * Whether an application is sensitive could not be read within its deadline: the approval asks
 * for the confirmation ("could not check"), and no click waits longer.
 */
export class SensitivityCheckTimedOut extends AppError {
  constructor(withinMs: number) {
    super('SENSITIVITY_CHECK_TIMED_OUT', `the sensitivity check took longer than ${withinMs} ms`);
  }
}
