/**
 * The Access Service's transport: one `got` instance with both credentials, a time limit on
 * every request, retries for GETs only, no redirects, a guard that refuses any URL outside the
 * configured origin before a single header leaves the process, and bounds on what any answer
 * may cost (limits.ts). Everything that goes wrong comes out as an `AccessError`.
 */
import { Agent as HttpAgent } from 'node:http';
import { Agent as HttpsAgent } from 'node:https';
import got, { type Got, type Response } from 'got';
import type { z } from 'zod';
import type { EndpointName } from './endpoints.ts';
import { ForeignOriginError, InvalidResponseError } from './errors.ts';
import { type AccessLimits, defaultLimits } from './limits.ts';
import { itemCount, ListWalk } from './list-walk.ts';
import { toAccessError } from './map-error.ts';
import { responseSizeLimit } from './response-size.ts';
import { pageOf } from './schemas.ts';

export interface RetryPolicy {
  /** Retries after the first attempt, for GETs only. */
  limit: number;
  /** First backoff step; each further step doubles, with jitter. */
  baseDelayMs: number;
  maxDelayMs: number;
  /** A `Retry-After` longer than this is not waited for: the call fails instead. */
  maxRetryAfterMs: number;
}

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
 * Connections to the Access Service are kept open and reused: a new connection (and TLS
 * handshake) per request would cost more CPU than the request itself. An idle one is closed
 * after 4 s, before the common 5 s server-side keep-alive limit, so a request seldom goes out
 * on a connection the server is just closing.
 */
const keepAlive = { keepAlive: true, timeout: 4_000, scheduling: 'lifo' } as const;

const defaultRetry: RetryPolicy = {
  limit: 3,
  baseDelayMs: 250,
  maxDelayMs: 4_000,
  maxRetryAfterMs: 30_000,
};

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
  readonly #got: Got;
  readonly #origin: string;
  readonly #observe: AccessHttpOptions['observe'];
  readonly #limits: AccessLimits;

  constructor(options: AccessHttpOptions) {
    const base = new URL(options.baseUrl.endsWith('/') ? options.baseUrl : `${options.baseUrl}/`);
    this.#origin = base.origin;
    this.#observe = options.observe;
    this.#limits = { ...defaultLimits, ...options.limits };
    const retry = { ...defaultRetry, ...options.retry };
    const random = options.random ?? Math.random;
    const origin = this.#origin;
    this.#got = got.extend({
      prefixUrl: base.href,
      headers: {
        'x-api-key': options.apiKey,
        'x-api-secret': options.apiSecret,
        accept: 'application/json, application/problem+json;q=0.9, */*;q=0.1',
        'user-agent': 'accessbot',
      },
      responseType: 'text',
      agent: { http: new HttpAgent(keepAlive), https: new HttpsAgent(keepAlive) },
      // Counted bytes are held bytes: a compressed body could unpack far past the bound.
      decompress: false,
      handlers: [responseSizeLimit(this.#limits.maxResponseBytes)],
      followRedirect: false,
      throwHttpErrors: true,
      timeout: { request: options.timeoutMs },
      retry: {
        limit: retry.limit,
        methods: ['GET'],
        statusCodes: [429, 500, 502, 503, 504],
        maxRetryAfter: retry.maxRetryAfterMs,
        calculateDelay: ({ attemptCount, retryAfter, computedValue }) => {
          if (computedValue === 0) return 0;
          if (retryAfter !== undefined) return computedValue;
          const step = Math.min(retry.maxDelayMs, retry.baseDelayMs * 2 ** (attemptCount - 1));
          return Math.max(1, step / 2 + (random() * step) / 2);
        },
      },
      hooks: {
        beforeRequest: [
          (request) => {
            const url = request.url instanceof URL ? request.url : new URL(String(request.url));
            const endpoint = request.context.endpoint as EndpointName;
            if (url.origin !== origin) throw new ForeignOriginError(endpoint, url.origin);
          },
        ],
      },
    });
  }

  /** One request; the body, if `schema` is given, parsed by it. */
  async send<T extends z.ZodType>(
    endpoint: EndpointName,
    request: SendRequest,
    schema?: T,
  ): Promise<z.output<T>> {
    const started = performance.now();
    let response: Response<string>;
    try {
      response = await this.#got(request.path, {
        method: request.method,
        searchParams: request.searchParams,
        json: request.json,
        context: { endpoint },
      });
    } catch (error) {
      this.#record(endpoint, error, started);
      throw toAccessError(endpoint, error);
    }
    this.#record(endpoint, response, started);
    return parseBody(endpoint, response, schema);
  }

  /**
   * Every item of a list endpoint, page after page, following `links.next` exactly as returned
   * until it is absent or null. Stopping the iteration early stops the requests. A walk that
   * goes past a limit, or back to a page it read, fails instead of going on. Each page is one
   * plain request on the instance: got's paginate builds its options anew for every page.
   */
  async *list<T extends z.ZodType>(
    endpoint: EndpointName,
    request: Omit<SendRequest, 'method' | 'json'>,
    item: T,
  ): AsyncGenerator<z.output<T>> {
    const schema = listBody(item);
    const walk = new ListWalk(endpoint, this.#limits);
    // The first page by its path under the base URL; later ones by the absolute links.next.
    let next: string | URL = request.path;
    let searchParams = request.searchParams;
    while (true) {
      const started = performance.now();
      let response: Response<string>;
      try {
        response = await this.#got(next, { searchParams, context: { endpoint } });
      } catch (error) {
        this.#record(endpoint, error, started);
        throw toAccessError(endpoint, error);
      }
      this.#record(endpoint, response, started);
      const json = readJson(endpoint, response);
      walk.page(response.url, response.rawBody.byteLength, itemCount(json));
      const page = validate(endpoint, response, schema, json);
      if (Array.isArray(page)) {
        yield* page as Array<z.output<T>>;
        return;
      }
      yield* page.data as Array<z.output<T>>;
      const link = page.links?.next;
      if (!link) return;
      const url = new URL(link, response.url);
      if (url.origin !== this.#origin) throw new ForeignOriginError(endpoint, url.origin);
      walk.next(url.href);
      next = url;
      searchParams = undefined;
    }
  }

  #record(endpoint: EndpointName, outcome: unknown, started: number): void {
    if (!this.#observe) return;
    const status =
      outcome && typeof outcome === 'object' && 'statusCode' in outcome
        ? Number(outcome.statusCode)
        : (outcome as { response?: { statusCode?: number } })?.response?.statusCode;
    this.#observe({ endpoint, status: status ?? 'error', ms: performance.now() - started });
  }
}

function parseBody<T extends z.ZodType>(
  endpoint: EndpointName,
  response: Response<string>,
  schema: T | undefined,
): z.output<T> {
  if (!schema) {
    checkStatus(endpoint, response);
    return undefined as z.output<T>;
  }
  return validate(endpoint, response, schema, readJson(endpoint, response));
}

function checkStatus(endpoint: EndpointName, response: Response<string>): void {
  const status = response.statusCode;
  if (status < 200 || status >= 300) {
    throw new InvalidResponseError(endpoint, `unexpected status ${status}`, { status });
  }
}

function readJson(endpoint: EndpointName, response: Response<string>): unknown {
  checkStatus(endpoint, response);
  const status = response.statusCode;
  try {
    return JSON.parse(response.body);
  } catch (cause) {
    throw new InvalidResponseError(endpoint, 'the body is not JSON', { status, cause });
  }
}

function validate<T extends z.ZodType>(
  endpoint: EndpointName,
  response: Response<string>,
  schema: T,
  json: unknown,
): z.output<T> {
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    const where = first?.path.length ? first.path.join('.') : 'body';
    throw new InvalidResponseError(endpoint, `${where}: ${first?.message ?? 'invalid'}`, {
      status: response.statusCode,
      cause: parsed.error,
    });
  }
  return parsed.data;
}
