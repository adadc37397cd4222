/**
 * The Access Service's transport: both credentials on every request, a time limit on each
 * attempt, retries for GETs only (retry.ts), no redirects, a guard that refuses any URL outside
 * the configured origin before a single header leaves the process, and bounds on what any answer
 * may cost (limits.ts). Requests go out on node:http(s) over kept-alive connections
 * (transport.ts, which says why not got). Everything that goes wrong comes out as an
 * `AccessError`.
 */
import { setTimeout as delay } from 'node:timers/promises';
import type { z } from 'zod';
import type { EndpointName } from './endpoints.ts';
import { ForeignOriginError, InvalidResponseError, ServiceUnavailableError } from './errors.ts';
import { type AccessLimits, defaultLimits } from './limits.ts';
import { itemCount, ListWalk } from './list-walk.ts';
import { statusError } from './map-error.ts';
import { defaultRetry, type RetryPolicy, retryDelay } from './retry.ts';
import { pageOf } from './schemas.ts';
import { type Answer, Transport } from './transport.ts';

export type { RetryPolicy } from './retry.ts';

export interface AccessHttpOptions {
  baseUrl: string;
  apiKey: string;
  apiSecret: string;
  timeoutMs: number;
  retry?: Partial<RetryPolicy>;
  /** Bounds on pages, items and bytes; each unset one takes its default (limits.ts). */
  limits?: Partial<AccessLimits>;
  /** Injected for deterministic tests of the jitter. */
  random?: () => number;
  /** Called once per HTTP attempt outcome, for metrics. */
  observe?: (event: { endpoint: EndpointName; status: number | 'error'; ms: number }) => void;
}

export interface SendRequest {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  searchParams?: Record<string, string>;
  json?: unknown;
}

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

export class AccessHttp {
  readonly #transport = new Transport();
  readonly #base: URL;
  readonly #headers: Record<string, string>;
  readonly #timeoutMs: number;
  readonly #retry: RetryPolicy;
  readonly #random: () => number;
  readonly #observe: AccessHttpOptions['observe'];
  readonly #limits: AccessLimits;

  constructor(options: AccessHttpOptions) {
    this.#base = new URL(options.baseUrl.endsWith('/') ? options.baseUrl : `${options.baseUrl}/`);
    this.#headers = {
      'x-api-key': options.apiKey,
      'x-api-secret': options.apiSecret,
      accept: 'application/json, application/problem+json;q=0.9, */*;q=0.1',
      'user-agent': 'accessbot',
    };
    this.#timeoutMs = options.timeoutMs;
    this.#retry = { ...defaultRetry, ...options.retry };
    this.#random = options.random ?? Math.random;
    this.#observe = options.observe;
    this.#limits = { ...defaultLimits, ...options.limits };
  }

  /** One request; the body, if `schema` is given, parsed by it. */
  async send<T extends z.ZodType>(
    endpoint: EndpointName,
    request: SendRequest,
    schema?: T,
  ): Promise<z.output<T>> {
    const body = request.json === undefined ? undefined : JSON.stringify(request.json);
    const url = this.#url(request.path, request.searchParams);
    const answer = await this.#exchange(endpoint, request.method, url, body);
    if (!schema) {
      checkStatus(endpoint, answer);
      return undefined as z.output<T>;
    }
    return validate(endpoint, answer, schema, readJson(endpoint, answer));
  }

  /**
   * Every item of a list endpoint, page after page, following `links.next` exactly as returned
   * until it is absent or null. Stopping the iteration early stops the requests. A walk that
   * goes past a limit, or back to a page it read, fails instead of going on.
   */
  async *list<T extends z.ZodType>(
    endpoint: EndpointName,
    request: Omit<SendRequest, 'method' | 'json'>,
    item: T,
  ): AsyncGenerator<z.output<T>> {
    const schema = listBody(item);
    const walk = new ListWalk(endpoint, this.#limits);
    let url = this.#url(request.path, request.searchParams);
    while (true) {
      const answer = await this.#exchange(endpoint, 'GET', url);
      const json = readJson(endpoint, answer);
      walk.page(answer.url, answer.bytes, itemCount(json));
      const page = validate(endpoint, answer, schema, json);
      if (Array.isArray(page)) {
        yield* page as Array<z.output<T>>;
        return;
      }
      yield* page.data as Array<z.output<T>>;
      const link = page.links?.next;
      if (!link) return;
      url = new URL(link, answer.url);
      if (url.origin !== this.#base.origin) throw new ForeignOriginError(endpoint, url.origin);
      walk.next(url.href);
    }
  }

  #url(path: string, searchParams: Record<string, string> | undefined): URL {
    const url = new URL(path, this.#base);
    if (searchParams) url.search = new URLSearchParams(searchParams).toString();
    return url;
  }

  /** An answer below 400, after the retries a GET is allowed; otherwise its typed error. */
  async #exchange(endpoint: EndpointName, method: string, url: URL, body?: string) {
    if (url.origin !== this.#base.origin) throw new ForeignOriginError(endpoint, url.origin);
    const exchange = {
      method,
      url,
      headers: this.#headers,
      body,
      timeoutMs: this.#timeoutMs,
      maxBytes: this.#limits.maxResponseBytes,
    };
    for (let attempt = 1; ; attempt++) {
      const started = performance.now();
      let answer: Answer;
      try {
        answer = await this.#transport.exchange(endpoint, exchange);
      } catch (error) {
        this.#record(endpoint, 'error', started);
        const wait =
          error instanceof ServiceUnavailableError && method === 'GET'
            ? retryDelay(this.#retry, attempt, {}, this.#random)
            : undefined;
        if (wait === undefined) throw error;
        await delay(wait);
        continue;
      }
      this.#record(endpoint, answer.status, started);
      if (answer.status < 400) return answer;
      const retryAfter = answer.headers['retry-after'];
      const wait =
        method === 'GET'
          ? retryDelay(this.#retry, attempt, { status: answer.status, retryAfter }, this.#random)
          : undefined;
      if (wait === undefined) throw statusError(endpoint, answer.status, answer.text);
      await delay(wait);
    }
  }

  #record(endpoint: EndpointName, status: number | 'error', started: number): void {
    this.#observe?.({ endpoint, status, ms: performance.now() - started });
  }
}

function checkStatus(endpoint: EndpointName, answer: Answer): void {
  const status = answer.status;
  if (status < 200 || status >= 300) {
    throw new InvalidResponseError(endpoint, `unexpected status ${status}`, { status });
  }
}

function readJson(endpoint: EndpointName, answer: Answer): unknown {
  checkStatus(endpoint, answer);
  try {
    return JSON.parse(answer.text);
  } catch (cause) {
    throw new InvalidResponseError(endpoint, 'the body is not JSON', {
      status: answer.status,
      cause,
    });
  }
}

function validate<T extends z.ZodType>(
  endpoint: EndpointName,
  answer: Answer,
  schema: T,
  json: unknown,
): z.output<T> {
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    const where = first?.path.length ? first.path.join('.') : 'body';
    throw new InvalidResponseError(endpoint, `${where}: ${first?.message ?? 'invalid'}`, {
      status: answer.status,
      cause: parsed.error,
    });
  }
  return parsed.data;
}
