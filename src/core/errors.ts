import { AppError } from '../errors.ts';

/** The chat user could not be matched to an Access Service user. */
export class NotLinkedError extends AppError {
  readonly reason: 'no-email' | 'no-match';

  constructor(reason: 'no-email' | 'no-match', userMessage: string) {
    super(reason === 'no-email' ? 'IDENTITY_NO_EMAIL' : 'IDENTITY_NO_MATCH', userMessage);
    this.reason = reason;
  }
}
