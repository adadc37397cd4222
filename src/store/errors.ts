import { AppError, type ErrorCode } from '../errors.ts';

/** Closed: a shutdown race; corrupt row, failed query: the operator's; bad input: a bug. */
export type StoreErrorCode = Extract<ErrorCode, `STORE_${string}`>;

export class StoreError extends AppError {
  declare readonly code: StoreErrorCode;

  constructor(code: StoreErrorCode, message: string, options?: { cause?: unknown }) {
    super(code, message, options);
  }
}

export function storeClosed(operation: string): StoreError {
  return new StoreError('STORE_CLOSED', `store is closed; ${operation} refused`);
}

/** Our own errors (bad input, bad rows) pass through. */
export function queryFailed(operation: string, error: unknown): AppError {
  if (error instanceof AppError) return error;
  const reason = error instanceof Error ? error.message : String(error);
  return new StoreError('STORE_QUERY_FAILED', `${operation} failed: ${reason}`, { cause: error });
}
