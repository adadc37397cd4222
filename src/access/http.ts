/**
 * The Access Service over HTTP: one got instance per client. Retries for GETs only (a second POST
 * could act twice); no redirects; no decompression (the bytes counted are the bytes held). A
 * `links.next` off the service's origin is refused (pages.ts), so the credentials go nowhere else.
 */
import got, {
  type Got,
  type HandlerFunction,
  HTTPError,
  type Options,
  type Progress,
  RequestError,
  type RequestPromise,
  type Timings,
} from 'got';
import type { z } from 'zod';
import { backoffDelay, type RetryPolicy } from '../net/retry.ts';
import type { Endpoint, EndpointName, Ids } from './endpoints.ts';
import { ResponseTooLargeError } from './errors.ts';
import { type AccessLimits, defaultLimits } from './limits.ts';
import { accessError } from './map-error.ts';
import { checkStatus, pagesOf, readJson, validate } from './pages.ts';
import type { ListBody } from './schemas.ts';

export interface AccessHttpOptions {
  baseUrl: string;
  apiKey: string;
  apiSecret: string;
  /** Per attempt. */
  timeoutMs: number;
  retry?: Partial<RetryPolicy>;
  /** Unset ones take their default (limits.ts). */
  limits?: Partial<AccessLimits>;
  random?: () => number;
  /** Awaited before each attempt (page, retry): the poller's POLL_MAX_RPS. */
  pace?: () => Promise<void> | undefined;
  /** Once per attempt, for metrics. */
  observe?: (event: { endpoint: EndpointName; status: number | 'error'; ms: number }) => void;
}

/** A `Retry-After` longer than `maxRetryAfterMs` fails the call at once. */
export const defaultRetry: RetryPolicy = {
  limit: 3,
  baseDelayMs: 250,
  maxDelayMs: 4_000,
  maxRetryAfterMs: 30_000,
};

export interface SendRequest {
  searchParams?: Record<string, string>;
  json?: unknown;
  /** Tried once, even a GET: its caller has a schedule of its own. */
  once?: boolean;
}

const endpointOf = (options: Pick<Options, 'context'>) =>
  (options.context as { endpoint: EndpointName }).endpoint;

/**
 * got's documented way of limiting a download: abort past the cap, on a declared Content-Length
 * before the body is read. got does not retry an aborted call.
 */
function capDownload(maxBytes: number): HandlerFunction {
  return (options, next) => {
    const controller = new AbortController();
    // The caller's own signal (a deadline) still ends the call.
    const given = options.signal;
    options.signal = given ? AbortSignal.any([given, controller.signal]) : controller.signal;
    const call = next(options);
    (call as RequestPromise).on('downloadProgress', ({ transferred, total }: Progress) => {
      if (transferred > maxBytes || (total ?? 0) > maxBytes) {
        controller.abort(new ResponseTooLargeError(endpointOf(options), maxBytes));
      }
    });
    return call;
  };
}

export class AccessHttp {
  readonly #got: Got;
  readonly #limits: AccessLimits;
  readonly #observe: AccessHttpOptions['observe'];
  readonly #origin: string;

  constructor(options: AccessHttpOptions) {
    const retry = { ...defaultRetry, ...options.retry };
    const random = options.random ?? Math.random;
    const base = new URL(options.baseUrl.endsWith('/') ? options.baseUrl : `${options.baseUrl}/`);
    this.#limits = { ...defaultLimits, ...options.limits };
    this.#observe = options.observe;
    this.#origin = base.origin;
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
      retry: {
        limit: retry.limit,
        methods: ['GET'],
        statusCodes: [429, 500, 502, 503, 504],
        maxRetryAfter: retry.maxRetryAfterMs,
        // got asks only when a retry is allowed, and has already failed the call if Retry-After
        // asked for more than maxRetryAfter; one it honours is its `computedValue` (1 ms at least).
        calculateDelay: ({ attemptCount, retryAfter, computedValue }) =>
          retryAfter === undefined ? backoffDelay(retry, attemptCount, random) : computedValue,
      },
      hooks: {
        beforeRequest: [
          async () => {
            await options.pace?.();
          },
        ],
        afterResponse: [
          (response) => {
            const { request, statusCode, timings } = response;
            this.#record(endpointOf(request.options), statusCode, timings);
            return response;
          },
        ],
        // An attempt with an answer was recorded above; this is one that got none.
        beforeRetry: [
          (error) => {
            if (!(error instanceof HTTPError)) {
              this.#record(endpointOf(error.options), 'error', error.timings);
            }
          },
        ],
      },
      handlers: [capDownload(this.#limits.maxResponseBytes)],
    });
  }

  async send<N extends EndpointName, T extends z.ZodType>(
    { name, path }: Endpoint<N>,
    ids: Ids<N>,
    request: SendRequest = {},
    schema?: T,
  ): Promise<z.output<T>> {
    const { searchParams, json, once } = request;
    const response = await this.#got(path(...ids), {
      method: name.slice(0, name.indexOf(' ')),
      searchParams,
      json,
      context: { endpoint: name },
      ...(once && { retry: { limit: 0 } }),
    }).catch((error: unknown) => this.#fail(name, error));
    const { statusCode: status, body } = response;
    if (!schema) {
      checkStatus(name, status);
      return undefined as z.output<T>;
    }
    return validate(name, status, schema, readJson(name, status, body));
  }

  /** Every item, page after page; stopping the iteration or `signal` stops the requests. */
  async *list<N extends EndpointName, I>(
    { name, path }: Endpoint<N>,
    ids: Ids<N>,
    schema: z.ZodType<ListBody<I>>,
    request: Pick<SendRequest, 'searchParams'> & { signal?: AbortSignal } = {},
  ): AsyncGenerator<I> {
    try {
      yield* this.#got.paginate<I, string>(path(...ids), {
        searchParams: request.searchParams,
        signal: request.signal,
        context: { endpoint: name },
        pagination: pagesOf(name, this.#origin, this.#limits, schema),
      });
    } catch (error) {
      this.#fail(name, error);
    }
  }

  /** Records an attempt that went out (has timings) but got no answer (answers are recorded). */
  #fail(endpoint: EndpointName, error: unknown): never {
    if (error instanceof RequestError && !(error instanceof HTTPError) && error.timings) {
      this.#record(endpoint, 'error', error.timings);
    }
    throw accessError(endpoint, error);
  }

  #record(endpoint: EndpointName, status: number | 'error', timings: Timings | undefined): void {
    this.#observe?.({ endpoint, status, ms: timings?.phases.total ?? 0 });
  }
}
