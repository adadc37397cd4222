import { AppError, type ErrorCode } from '../errors.ts';

/**
 * Why a store call failed. Callers branch on these: a closed store is a shutdown race, a corrupt
 * row or a failed query is an operator's problem, invalid input is a bug in the caller.
 */
export type StoreErrorCode = Extract<ErrorCode, `STORE_${string}`>;

export class StoreError extends AppError {
  declare readonly code: StoreErrorCode;

  constructor(code: StoreErrorCode, message: string, options?: { cause?: unknown }) {
    super(code, message, options);
  }
}

/** A call made after `close()`: a shutdown race the caller may want to tell apart. */
export function storeClosed(operation: string): StoreError {
  return new StoreError('STORE_CLOSED', `store is closed; ${operation} refused`);
}

/** A driver's failure as the port reports it; our own errors (bad input, bad rows) pass through. */
export function queryFailed(operation: string, error: unknown): AppError {
  if (error instanceof AppError) return error;
  const reason = error instanceof Error ? error.message : String(error);
  return new StoreError('STORE_QUERY_FAILED', `${operation} failed: ${reason}`, { cause: error });
}
