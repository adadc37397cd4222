/**
 * One walk through a paginated list. Each page is read as JSON and counted against the limits
 * before a single item is parsed; `links.next` is followed exactly as returned until it is
 * absent or null, unless it leads back to a page already read (A → B → A) or past the page
 * limit. Every such end is an error, never a silently shortened list. (That a link stays on the
 * service's origin is checked before any request leaves: http.ts.)
 */
import type { z } from 'zod';
import { readJson, validate } from './body.ts';
import type { EndpointName } from './endpoints.ts';
import { InvalidResponseError, ListTooLongError } from './errors.ts';
import type { AccessLimits } from './limits.ts';
import { pageOf } from './schemas.ts';

/**
 * Both shapes a list endpoint may answer with: a bare array or the page envelope. Built once per
 * item schema: the poller lists tasks for every user on every sweep.
 */
const listBodies = new WeakMap<z.ZodType, z.ZodType>();
function listBody<T extends z.ZodType>(item: T) {
  let schema = listBodies.get(item);
  if (!schema) {
    schema = pageOf(item).or(item.array());
    listBodies.set(item, schema);
  }
  return schema as ReturnType<typeof pageOf<T>> | z.ZodArray<T>;
}

/** How many items a list body holds, bare array or page envelope, without parsing them. */
function itemCount(json: unknown): number {
  if (Array.isArray(json)) return json.length;
  if (typeof json === 'object' && json !== null && 'data' in json && Array.isArray(json.data)) {
    return json.data.length;
  }
  return 0;
}

/** One page's answer, as much of it as the walk reads. */
export interface PageAnswer {
  url: string;
  status: number;
  body: string;
  bytes: number;
}

export interface Page<T> {
  items: T[];
  /** The absolute URL of the next page, not yet checked (`follow`); undefined on the last. */
  next: string | undefined;
}

export class PageWalk<T extends z.ZodType> {
  readonly #endpoint: EndpointName;
  readonly #limits: AccessLimits;
  readonly #schema: ReturnType<typeof listBody<T>>;
  readonly #read = new Set<string>();
  #items = 0;
  #bytes = 0;

  constructor(endpoint: EndpointName, limits: AccessLimits, item: T) {
    this.#endpoint = endpoint;
    this.#limits = limits;
    this.#schema = listBody(item);
  }

  read({ url, status, body, bytes }: PageAnswer): Page<z.output<T>> {
    const endpoint = this.#endpoint;
    const limits = this.#limits;
    const json = readJson(endpoint, status, body);
    this.#read.add(url);
    this.#bytes += bytes;
    this.#items += itemCount(json);
    if (this.#bytes > limits.maxListBytes) {
      throw new ListTooLongError(endpoint, 'bytes', limits.maxListBytes);
    }
    if (this.#items > limits.maxItems) {
      throw new ListTooLongError(endpoint, 'items', limits.maxItems);
    }
    const page = validate(endpoint, status, this.#schema, json);
    if (Array.isArray(page)) return { items: page, next: undefined };
    const link = page.links?.next;
    return { items: page.data, next: link ? new URL(link, url).href : undefined };
  }

  /** The next page's URL, once it is known to be neither one already read nor one too many. */
  follow(next: string): string {
    if (this.#read.has(next)) {
      throw new InvalidResponseError(
        this.#endpoint,
        `links.next leads back to a page already read (after ${this.#read.size} pages)`,
      );
    }
    if (this.#read.size >= this.#limits.maxPages) {
      throw new ListTooLongError(this.#endpoint, 'pages', this.#limits.maxPages);
    }
    return next;
  }
}
