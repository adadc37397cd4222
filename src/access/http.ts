/**
 * The Access Service over HTTP, on got: one instance per client, holding the service's base URL,
 * both credentials, a time limit on each attempt, retries for GETs only (a second POST could act
 * twice), no redirects (a 3xx is only a status), no decompression (no Accept-Encoding is sent, so
 * the bytes counted are the bytes held, and a compressed body is not JSON), and connections kept
 * open between requests. Before any request leaves, its URL is checked against the configured
 * origin, so the credentials never go anywhere else; every answer costs bounded work (limits.ts).
 * Everything that goes wrong comes out as an `AccessError` (map-error.ts).
 */
import { setTimeout as delay } from 'node:timers/promises';
import got, {
  type Got,
  HTTPError,
  type Options,
  type Progress,
  RequestError,
  type RequestPromise,
  type Timings,
} from 'got';
import type { z } from 'zod';
import { keepAliveAgents } from '../net/agents.ts';
import { nodeRequest } from '../net/node-request.ts';
import { backoffDelay, type RetryPolicy } from '../net/retry.ts';
import { checkStatus, readJson, validate } from './body.ts';
import type { EndpointName } from './endpoints.ts';
import { ForeignOriginError, ResponseTooLargeError } from './errors.ts';
import { type AccessLimits, defaultLimits } from './limits.ts';
import { accessError } from './map-error.ts';
import { PageWalk } from './pages.ts';

export interface AccessHttpOptions {
  baseUrl: string;
  apiKey: string;
  apiSecret: string;
  /** The time limit of each attempt. */
  timeoutMs: number;
  retry?: Partial<RetryPolicy>;
  /** Bounds on pages, items and bytes; each unset one takes its default (limits.ts). */
  limits?: Partial<AccessLimits>;
  /** Injected for deterministic tests of the jitter. */
  random?: () => number;
  /** Waits out the pause before a retry; injected so tests need not wait. */
  sleep?: (ms: number) => Promise<unknown>;
  /** Called once per HTTP attempt outcome, for metrics. */
  observe?: (event: { endpoint: EndpointName; status: number | 'error'; ms: number }) => void;
}

/**
 * After a 429, 500, 502, 503 or 504, or when no answer came (the connection failed, or the time
 * ran out), a GET is sent again up to 3 more times; a `Retry-After` is waited out as asked,
 * unless it is longer than 30 s, and then the call fails at once.
 */
export const defaultRetry: RetryPolicy = {
  limit: 3,
  baseDelayMs: 250,
  maxDelayMs: 4_000,
  maxRetryAfterMs: 30_000,
};

export interface SendRequest {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  searchParams?: Record<string, string>;
  json?: unknown;
}

/** Every call names its endpoint in got's `context`, for errors and metrics. */
const endpointOf = (options: Pick<Options, 'context'>) =>
  (options.context as { endpoint: EndpointName }).endpoint;

/**
 * The path with its query, each name and value percent-encoded. got's own `searchParams` option
 * costs a third of a request's CPU in got (docs/capacity.md), and URLSearchParams a parse of its
 * own, on every command.
 */
function withQuery(path: string, searchParams: Record<string, string> | undefined): string {
  if (!searchParams) return path;
  let query = '';
  for (const name in searchParams) {
    query += `${query ? '&' : '?'}${encodeURIComponent(name)}=${encodeURIComponent(searchParams[name]!)}`;
  }
  return path + query;
}

export class AccessHttp {
  readonly #got: Got;
  readonly #limits: AccessLimits;
  readonly #observe: AccessHttpOptions['observe'];
  readonly #instances = new Map<EndpointName, Got>();

  constructor(options: AccessHttpOptions) {
    const retry = { ...defaultRetry, ...options.retry };
    const random = options.random ?? Math.random;
    const sleep = options.sleep ?? delay;
    const base = new URL(options.baseUrl.endsWith('/') ? options.baseUrl : `${options.baseUrl}/`);
    this.#limits = { ...defaultLimits, ...options.limits };
    this.#observe = options.observe;
    this.#got = got.extend({
      prefixUrl: base.href,
      headers: {
        'x-api-key': options.apiKey,
        'x-api-secret': options.apiSecret,
        accept: 'application/json, application/problem+json;q=0.9, */*;q=0.1',
        'user-agent': 'accessbot',
      },
      timeout: { request: options.timeoutMs },
      followRedirect: false,
      decompress: false,
      agent: keepAliveAgents(),
      request: nodeRequest,
      retry: {
        limit: retry.limit,
        methods: ['GET'],
        statusCodes: [429, 500, 502, 503, 504],
        maxRetryAfter: retry.maxRetryAfterMs,
        // got has already failed the call if Retry-After asked for more than maxRetryAfter. The
        // wait happens here, through `sleep`; got then adds its 1 ms minimum.
        calculateDelay: async ({ attemptCount, retryAfter }) => {
          await sleep(retryAfter ?? backoffDelay(retry, attemptCount, random));
          return 1;
        },
      },
      hooks: {
        beforeRequest: [
          (request) => {
            const { url } = request;
            if (url instanceof URL && url.origin !== base.origin) {
              throw new ForeignOriginError(endpointOf(request), url.origin);
            }
          },
        ],
        // Each attempt is recorded once: a retried one here, the last one where the call ends
        // (send, list, #fail). An afterResponse hook would cost got URL and state snapshots on
        // every response.
        beforeRetry: [
          (error) => {
            const endpoint = endpointOf(error.options);
            if (error instanceof HTTPError) {
              this.#record(endpoint, error.response.statusCode, error.response.timings);
            } else {
              this.#record(endpoint, 'error', error.timings);
            }
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
    const { method, path, searchParams, json } = request;
    const response = await this.#capped(endpoint, (signal) =>
      this.#for(endpoint)(withQuery(path, searchParams), { method, json, signal }),
    ).catch((error: unknown) => this.#fail(endpoint, error));
    const { statusCode: status, body, timings } = response;
    this.#record(endpoint, status, timings);
    if (!schema) {
      checkStatus(endpoint, status);
      return undefined as z.output<T>;
    }
    return validate(endpoint, status, schema, readJson(endpoint, status, body));
  }

  /**
   * Every item of a list endpoint, page after page (pages.ts). Stopping the iteration early stops
   * the requests.
   */
  async *list<T extends z.ZodType>(
    endpoint: EndpointName,
    request: Omit<SendRequest, 'method' | 'json'>,
    item: T,
  ): AsyncGenerator<z.output<T>> {
    const walk = new PageWalk(endpoint, this.#limits, item);
    let next: string | undefined = withQuery(request.path, request.searchParams);
    try {
      while (next) {
        const url = next;
        const response = await this.#capped(endpoint, (signal) =>
          this.#for(endpoint).get(url, { signal }),
        );
        const { statusCode: status, body, rawBody, timings } = response;
        this.#record(endpoint, status, timings);
        const page = walk.read({ url: response.url, status, body, bytes: rawBody.byteLength });
        yield* page.items;
        next = page.next && walk.follow(page.next);
      }
    } catch (error) {
      this.#fail(endpoint, error);
    }
  }

  /**
   * The instance that names `endpoint` in its `context`, made once: a per-call `context` option
   * costs got a merge of the call's options on every call.
   */
  #for(endpoint: EndpointName): Got {
    let instance = this.#instances.get(endpoint);
    if (!instance) {
      instance = this.#got.extend({ context: { endpoint } });
      this.#instances.set(endpoint, instance);
    }
    return instance;
  }

  /**
   * got's documented way of limiting a download: watch its progress and abort past the cap. A
   * declared Content-Length over it is refused as the headers arrive, before the body is read; a
   * chunked body is cut off at the cap. An aborted call is final: got does not retry it. Attached
   * to the call itself: a got handler would cost every call got's handler iteration.
   */
  #capped<T>(endpoint: EndpointName, call: (signal: AbortSignal) => RequestPromise<T>) {
    const maxBytes = this.#limits.maxResponseBytes;
    const controller = new AbortController();
    return call(controller.signal).on('downloadProgress', ({ transferred, total }: Progress) => {
      if (transferred > maxBytes || (total ?? 0) > maxBytes) {
        controller.abort(new ResponseTooLargeError(endpoint, maxBytes));
      }
    });
  }

  /**
   * Throws the typed error of a failed call, recording its last attempt: an answer by its status,
   * else as an error if one went out (it has timings). A failure past a recorded answer (its body
   * refused by us) is not a RequestError and is not recorded again.
   */
  #fail(endpoint: EndpointName, error: unknown): never {
    if (error instanceof HTTPError) {
      this.#record(endpoint, error.response.statusCode, error.response.timings);
    } else if (error instanceof RequestError && error.timings) {
      this.#record(endpoint, 'error', error.timings);
    }
    throw accessError(endpoint, error);
  }

  #record(endpoint: EndpointName, status: number | 'error', timings: Timings | undefined): void {
    this.#observe?.({ endpoint, status, ms: timings?.phases.total ?? 0 });
  }
}
