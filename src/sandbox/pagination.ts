/**
 * Spec 2.4 and 4.3: the page envelope, with `links.next` an absolute URL holding an opaque
 * cursor. A cursor says "after the item with this sort key" in one query (path and filters), so
 * pages stay right while tasks are added or decided in between, and re-fetching `links.self`
 * gives the same page. It carries its own position, so nothing is remembered between requests.
 */
import { z } from 'zod';
import { badRequest } from './errors.ts';
import { sortedBy } from './order.ts';

const cursorParam = 'cursor';
/** The query a cursor belongs to, and the sort key it resumes after. */
const Position = z.tuple([z.string(), z.string()]);

export interface Page<T> {
  data: T[];
  links: { self: string; next: string | null };
}

/**
 * One page of `items`, in the order of `key`, for the request `url`, whose `cursor` parameter
 * (if any) says where it starts.
 */
export function page<T>(
  unsorted: Iterable<T>,
  key: (item: T) => string,
  url: URL,
  pageSize: number,
): Page<T> {
  const items = sortedBy(unsorted, key);
  const scope = scopeOf(url);
  const token = url.searchParams.get(cursorParam);
  const after = token === null ? undefined : resolve(token, scope);
  const start = after === undefined ? 0 : items.findIndex((item) => key(item) > after);
  const data = start === -1 ? [] : items.slice(start, start + pageSize);
  const last = data.at(-1);
  let next: string | null = null;
  if (last !== undefined && start + data.length < items.length) {
    const nextUrl = new URL(url);
    const position = JSON.stringify([scope, key(last)]);
    nextUrl.searchParams.set(cursorParam, Buffer.from(position).toString('base64url'));
    next = nextUrl.href;
  }
  return { data, links: { self: url.href, next } };
}

function resolve(token: string, scope: string): string {
  let position: z.infer<typeof Position>;
  try {
    position = Position.parse(JSON.parse(Buffer.from(token, 'base64url').toString()));
  } catch {
    throw badRequest(`Cursor ${token} is unknown`);
  }
  if (position[0] !== scope) throw badRequest(`Cursor ${token} belongs to another query`);
  return position[1];
}

/** The query a cursor belongs to: the path and every parameter but the cursor, in a fixed order. */
function scopeOf(url: URL): string {
  const params = [...url.searchParams].filter(([name]) => name !== cursorParam).sort();
  return `${url.pathname}?${new URLSearchParams(params)}`;
}
