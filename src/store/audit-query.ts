import { StoreError } from './errors.ts';
import type { AuditQuery } from './records.ts';

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

/** The WHERE clause of an audit query, with `placeholder(n)` for the n-th parameter. */
export function auditFilter(query: AuditQuery, placeholder: (n: number) => string) {
  const terms: string[] = [];
  const params: string[] = [];
  const add = (column: string, value: string) => {
    params.push(value);
    terms.push(`${column} = ${placeholder(params.length)}`);
  };
  if (query.taskId !== undefined) add('task_id', query.taskId);
  if (query.actor) {
    add('platform', query.actor.platform);
    add('chat_user_id', query.actor.chatUserId);
  }
  return { where: terms.length ? `WHERE ${terms.join(' AND ')}` : '', params };
}
