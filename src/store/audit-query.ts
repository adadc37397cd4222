import type { AuditQuery } from './audit-records.ts';
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

/**
 * The conditions of an audit query as SQL terms, with `placeholder(n)` for the n-th parameter
 * and dates written as the database stores them; `more` are further terms, e.g. a page's start.
 */
export function auditFilter<D>(
  query: Omit<AuditQuery, 'limit'>,
  placeholder: (n: number) => string,
  writeDate: (date: Date) => D,
  more: ReadonlyArray<readonly [sql: (p: string) => string, value: unknown]> = [],
) {
  const terms: string[] = [];
  const params: unknown[] = [];
  const param = (value: unknown) => {
    params.push(value);
    return placeholder(params.length);
  };
  const add = (column: string, op: string, value: unknown) =>
    terms.push(`${column} ${op} ${param(value)}`);
  const anyOf = (column: string, values: readonly string[]) =>
    values.length ? [`${column} IN (${values.map(param).join(', ')})`] : [];
  if (query.taskId !== undefined) add('task_id', '=', query.taskId);
  if (query.actor) {
    add('platform', '=', query.actor.platform);
    add('chat_user_id', '=', query.actor.chatUserId);
  }
  if (query.person) {
    const { chatUserIds, accessUserIds, emails = [] } = query.person;
    const either = [
      ...anyOf('chat_user_id', chatUserIds),
      ...anyOf('access_user_id', accessUserIds),
      ...anyOf('target_user_id', accessUserIds),
      ...anyOf('target_email', emails),
    ];
    // Nobody to look for: nothing matches.
    terms.push(either.length ? `(${either.join(' OR ')})` : '1 = 0');
  }
  if (query.since) add('at', '>=', writeDate(query.since));
  if (query.until) add('at', '<', writeDate(query.until));
  for (const [sql, value] of more) terms.push(sql(param(value)));
  return { where: terms.length ? `WHERE ${terms.join(' AND ')}` : '', params };
}
