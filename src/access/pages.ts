/**
 * The Access Service's answers read: a 2xx status, then JSON, then the schema's shape (errors never
 * quote the body); a list walked page by page, as got's pagination options. Pages are counted
 * against the limits before an item is parsed. A `links.next` off the origin (the credentials
 * would follow), back to a page already read, or past the page limit is an error, never a
 * shortened list.
 */
import type { PaginationOptions, Response } from 'got';
import type { z } from 'zod';
import type { EndpointName } from './endpoints.ts';
import { ForeignOriginError, InvalidResponseError, ListTooLongError } from './errors.ts';
import type { AccessLimits } from './limits.ts';
import type { ListBody } from './schemas.ts';

export function checkStatus(endpoint: EndpointName, status: number): void {
  if (status < 200 || status >= 300) {
    throw new InvalidResponseError(endpoint, `unexpected status ${status}`, { status });
  }
}

export function readJson(endpoint: EndpointName, status: number, text: string): unknown {
  checkStatus(endpoint, status);
  try {
    return JSON.parse(text);
  } catch (cause) {
    throw new InvalidResponseError(endpoint, 'the body is not JSON', { status, cause });
  }
}

export function validate<T extends z.ZodType>(
  endpoint: EndpointName,
  status: number,
  schema: T,
  json: unknown,
): z.output<T> {
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    const where = first?.path.length ? first.path.join('.') : 'body';
    throw new InvalidResponseError(endpoint, `${where}: ${first?.message ?? 'invalid'}`, {
      status,
      cause: parsed.error,
    });
  }
  return parsed.data;
}

/** Without parsing them. */
function itemCount(json: unknown): number {
  if (Array.isArray(json)) return json.length;
  if (typeof json === 'object' && json !== null && 'data' in json && Array.isArray(json.data)) {
    return json.data.length;
  }
  return 0;
}

export function pagesOf<I>(
  endpoint: EndpointName,
  origin: string,
  limits: AccessLimits,
  schema: z.ZodType<ListBody<I>>,
): PaginationOptions<I, string> {
  const read = new Set<string>();
  let items = 0;
  let bytes = 0;
  let next: string | null | undefined;
  return {
    transform: (response: Response<string>) => {
      const { statusCode: status, url } = response;
      const json = readJson(endpoint, status, response.body);
      read.add(url);
      bytes += response.rawBody.byteLength;
      items += itemCount(json);
      if (bytes > limits.maxListBytes) {
        throw new ListTooLongError(endpoint, 'bytes', limits.maxListBytes);
      }
      if (items > limits.maxItems) throw new ListTooLongError(endpoint, 'items', limits.maxItems);
      const page = validate(endpoint, status, schema, json);
      next = Array.isArray(page) ? undefined : page.links?.next;
      return Array.isArray(page) ? page : page.data;
    },
    paginate: ({ response }) => {
      if (!next) return false;
      const { href: url, origin: to } = new URL(next, response.url);
      if (to !== origin) throw new ForeignOriginError(endpoint, to);
      if (read.has(url)) {
        throw new InvalidResponseError(
          endpoint,
          `links.next leads back to a page already read (after ${read.size} pages)`,
        );
      }
      if (read.size >= limits.maxPages) {
        throw new ListTooLongError(endpoint, 'pages', limits.maxPages);
      }
      return { url };
    },
    // got ends a list quietly at its own limits: they sit one past ours, which end it loudly.
    requestLimit: limits.maxPages + 1,
    countLimit: limits.maxItems + 1,
    stackAllItems: false,
  };
}
