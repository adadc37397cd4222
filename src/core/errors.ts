import { AppError } from '../errors.ts';

/** The chat user's profile shows no e-mail, or one that belongs to no Access user. */
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

/** The platform did not give a profile: nobody is acted for, nothing guessed from the client. */
export class ProfileUnavailableError extends AppError {
  constructor(options: { cause?: unknown }) {
    super(
      'IDENTITY_PROFILE_UNAVAILABLE',
      'the chat platform did not answer a profile lookup',
      options,
    );
  }
}

/** The approval then asks for the confirmation ("could not check"); no click waits longer. */
export class SensitivityCheckTimedOut extends AppError {
  constructor(withinMs: number) {
    super('SENSITIVITY_CHECK_TIMED_OUT', `the sensitivity check took longer than ${withinMs} ms`);
  }
}
