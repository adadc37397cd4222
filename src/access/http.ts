/**
 * The Access Service over HTTP: one got instance per client (`got.extend`), holding the service's
 * base URL, both credentials, a time limit on each attempt, retries for GETs only (a second POST
 * could act twice), no redirects (a 3xx is only a status) and no decompression (no
 * Accept-Encoding is sent, so the bytes counted are the bytes held, and a compressed body is not
 * JSON); Node's own agents keep connections open between requests. Each call names its endpoint
 * in got's `context`; lists go through got's pagination (pages.ts), where a `links.next` off the
 * service's origin is refused, so the credentials never go anywhere else. Every answer costs
 * bounded work (limits.ts); everything that goes wrong comes out as an `AccessError`
 * (map-error.ts).
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
import { checkStatus, readJson, validate } from './body.ts';
import type { Endpoint, EndpointName, Ids } from './endpoints.ts';
import { ResponseTooLargeError } from './errors.ts';
import { type AccessLimits, defaultLimits } from './limits.ts';
import { accessError } from './map-error.ts';
import { pagesOf } from './pages.ts';
import type { ListBody } from './schemas.ts';

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
  /**
   * Awaited before each HTTP attempt (each page of a list, each retry): lets a caller bound the
   * requests per second (the poller's POLL_MAX_RPS).
   */
  pace?: () => Promise<void> | undefined;
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

/** What a call sends besides its endpoint's method and path. */
export interface SendRequest {
  searchParams?: Record<string, string>;
  json?: unknown;
  /** Tried once, even a GET: its caller has a schedule of its own. */
  once?: boolean;
}

/** Every call names its endpoint in got's `context`, for errors and metrics. */
const endpointOf = (options: Pick<Options, 'context'>) =>
  (options.context as { endpoint: EndpointName }).endpoint;

/**
 * got's documented way of limiting a download: watch its progress and abort past the cap. A
 * declared Content-Length over it is refused as the headers arrive, before the body is read; a
 * chunked body is cut off at the cap. An aborted call is final: got does not retry it.
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

  /** One request to the endpoint's path with `ids`; the body, if `schema` is given, parsed by it. */
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

  /**
   * Every item of a list endpoint, page after page (pages.ts). Stopping the iteration early stops
   * the requests; so does `signal`, retries included (an aborted call is not retried).
   */
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

  /**
   * Throws the typed error of a failed call, recording its last attempt if one went out (it has
   * timings) and got no whole answer (an answer was recorded as it came).
   */
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
