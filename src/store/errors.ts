import { AppError } from '../errors.ts';

/**
 * Why a store call failed. Callers branch on these: a closed store is a shutdown race, a corrupt
 * row or a failed query is an operator's problem, invalid input is a bug in the caller.
 */
export type StoreErrorCode =
  | 'STORE_URL_UNSUPPORTED'
  | 'STORE_OPEN_FAILED'
  | 'STORE_CLOSED'
  | 'STORE_INVALID_INPUT'
  | 'STORE_CORRUPT_ROW'
  | 'STORE_QUERY_FAILED';

export class StoreError extends AppError {
  declare readonly code: StoreErrorCode;

  constructor(code: StoreErrorCode, message: string, options?: { cause?: unknown }) {
    super(code, message, options);
  }
}
