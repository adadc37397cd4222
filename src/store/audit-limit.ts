import { StoreError } from './errors.ts';

export const DEFAULT_AUDIT_LIMIT = 100;
export const MAX_AUDIT_LIMIT = 1000;

/**
 * The number of audit rows one `listAudit` call returns; shared by every implementation so they
 * page alike. Larger requests are capped rather than refused: the caller still gets the newest.
 */
export function auditLimit(limit: number | undefined): number {
  if (limit === undefined) return DEFAULT_AUDIT_LIMIT;
  if (!Number.isInteger(limit) || limit < 1) {
    throw new StoreError(
      'STORE_INVALID_INPUT',
      `audit limit must be a positive integer, got ${limit}`,
    );
  }
  return Math.min(limit, MAX_AUDIT_LIMIT);
}
