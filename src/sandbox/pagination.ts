/**
 * Spec 2.4 and 4.3: a cursor is a random token for "after this sort key" in one query, so pages
 * stay right while tasks change. It is remembered, not carried in the URL: a sort key can be a
 * 40 KB application name, past Node's 16 KB limit on a request head.
 */
import { randomBytes } from 'node:crypto';
import { badRequest } from './errors.ts';
import { sortedBy } from './order.ts';

const cursorParam = 'cursor';
/** The oldest are forgotten first. */
const maxCursors = 10_000;

interface Position {
  scope: string;
  after: string;
}

export interface Page<T> {
  data: T[];
  links: { self: string; next: string | null };
}

export class Cursors {
  readonly #positions = new Map<string, Position>();
  readonly #tokens = new Map<string, string>();

  page<T>(unsorted: Iterable<T>, key: (item: T) => string, url: URL, pageSize: number): Page<T> {
    const items = sortedBy(unsorted, key);
    const scope = scopeOf(url);
    const token = url.searchParams.get(cursorParam);
    const after = token === null ? undefined : this.#resolve(token, scope);
    const start = after === undefined ? 0 : items.findIndex((item) => key(item) > after);
    const data = start === -1 ? [] : items.slice(start, start + pageSize);
    const last = data.at(-1);
    let next: string | null = null;
    if (last !== undefined && start + data.length < items.length) {
      const nextUrl = new URL(url);
      nextUrl.searchParams.set(cursorParam, this.#issue(scope, key(last)));
      next = nextUrl.href;
    }
    return { data, links: { self: url.href, next } };
  }

  #issue(scope: string, after: string): string {
    const id = positionId({ scope, after });
    const known = this.#tokens.get(id);
    if (known !== undefined) return known;
    const token = randomBytes(12).toString('base64url');
    this.#positions.set(token, { scope, after });
    this.#tokens.set(id, token);
    if (this.#positions.size > maxCursors) {
      const [oldest, position] = this.#positions.entries().next().value!;
      this.#positions.delete(oldest);
      this.#tokens.delete(positionId(position));
    }
    return token;
  }

  #resolve(token: string, scope: string): string {
    const position = this.#positions.get(token);
    if (position === undefined) throw badRequest(`Cursor ${token} is unknown or expired`);
    if (position.scope !== scope) throw badRequest(`Cursor ${token} belongs to another query`);
    return position.after;
  }
}

const positionId = ({ scope, after }: Position) => `${scope}\u0000${after}`;

/** The path and every parameter but the cursor, in a fixed order. */
function scopeOf(url: URL): string {
  const params = [...url.searchParams].filter(([name]) => name !== cursorParam).sort();
  return `${url.pathname}?${new URLSearchParams(params)}`;
}
