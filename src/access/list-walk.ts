/**
 * The bookkeeping of one walk through a paginated list: every page read, its bytes and item
 * count, checked against the limits as the walk goes, and every URL read, so a `links.next`
 * that leads back to one (A → B → A) ends the walk instead of going round forever.
 */
import type { EndpointName } from './endpoints.ts';
import { InvalidResponseError, ListTooLongError } from './errors.ts';
import type { AccessLimits } from './limits.ts';

export class ListWalk {
  readonly #endpoint: EndpointName;
  readonly #limits: AccessLimits;
  readonly #read = new Set<string>();
  #pages = 0;
  #items = 0;
  #bytes = 0;

  constructor(endpoint: EndpointName, limits: AccessLimits) {
    this.#endpoint = endpoint;
    this.#limits = limits;
  }

  /** A page arrived from `url`: `items` is counted before any item is parsed. */
  page(url: string, bytes: number, items: number): void {
    this.#read.add(url);
    this.#pages++;
    this.#bytes += bytes;
    this.#items += items;
    if (this.#bytes > this.#limits.maxListBytes) this.#tooLong('bytes', this.#limits.maxListBytes);
    if (this.#items > this.#limits.maxItems) this.#tooLong('items', this.#limits.maxItems);
  }

  /** `links.next` of the last page resolved to `url`: throws unless the walk may go there. */
  next(url: string): void {
    if (this.#read.has(url)) {
      throw new InvalidResponseError(
        this.#endpoint,
        `links.next leads back to a page already read (after ${this.#pages} pages)`,
      );
    }
    if (this.#pages >= this.#limits.maxPages) this.#tooLong('pages', this.#limits.maxPages);
  }

  #tooLong(limit: 'pages' | 'items' | 'bytes', max: number): never {
    throw new ListTooLongError(this.#endpoint, limit, max);
  }
}

/** How many items a list body holds, bare array or page envelope, without parsing them. */
export function itemCount(json: unknown): number {
  if (Array.isArray(json)) return json.length;
  if (typeof json === 'object' && json !== null && 'data' in json && Array.isArray(json.data)) {
    return json.data.length;
  }
  return 0;
}
