import { AppError } from '../errors.ts';

/** The chat user could not be matched to an Access Service user. */
export class NotLinkedError extends AppError {
  constructor(code: 'IDENTITY_NO_EMAIL' | 'IDENTITY_NO_MATCH', userMessage: string) {
    super(code, userMessage);
  }
}
