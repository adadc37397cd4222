/**
 * The one HTTP server: platform routes mounted by path, beside `/healthz`, `/readyz` and
 * `/metrics`, which are also alone on the operator's port (`listenOperator`), answered while the
 * public one is flooded. Everything that arrives is bounded here once for every route: body size,
 * header and request time, idle keep-alive, connections open at once (the slowest dropped first).
 * A refused chunked body is drained, so the client still gets the answer (closing a socket with
 * unread data resets it); the time-out ends an endless one.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import getRawBody from 'raw-body';
import type { Logger } from '../log.ts';
import type { Metrics } from '../metrics.ts';
import { Refusals } from './refusals.ts';
import { answer, type Route } from './route.ts';
import { ConnectionSlots } from './slots.ts';

export interface HttpLimits {
  /** On any route; larger is answered 413. */
  maxBodyBytes: number;
  headersTimeoutMs: number;
  /** A whole request, body included: the body's read deadline. */
  requestTimeoutMs: number;
  keepAliveTimeoutMs: number;
  /** At the cap the slowest makes way for a new one (slots.ts). */
  maxConnections: number;
}

/**
 * Slack and the Bot Framework send small requests in milliseconds and give up within seconds
 * (Slack after 3 s), so a client still sending after that is slow on purpose or useless.
 */
export const defaultHttpLimits: HttpLimits = {
  maxBodyBytes: 1_048_576,
  headersTimeoutMs: 5_000,
  requestTimeoutMs: 10_000,
  keepAliveTimeoutMs: 5_000,
  maxConnections: 1_000,
};

export interface ReadinessCheck {
  name: string;
  check: () => Promise<void>;
}

export interface HttpServerOptions {
  log: Logger;
  metrics: Metrics;
  /** One failing takes the process out of rotation. */
  readiness: ReadinessCheck[];
  /** Reused so probes do not load the store. */
  readinessCacheMs?: number;
  /** On `/healthz` beside `status`; never a reason to answer anything but 200. */
  health?: () => Record<string, unknown>;
  limits?: Partial<HttpLimits>;
  /** Milliseconds since the epoch, for how often refusals are told; unset: the system clock. */
  now?: () => number;
}

export class HttpServer {
  readonly server: Server;
  readonly refusals: Refusals;
  readonly #routes = new Map<string, { handler: Route; maxBodyBytes: number }>();
  readonly #o: HttpServerOptions;
  readonly #limits: HttpLimits;
  readonly #busy = new Map<string, () => boolean>();
  readonly #slots: ConnectionSlots;
  #operator: Server | undefined;
  #ready: { at: number; status: number; body: unknown } | undefined;
  #stopping = false;

  constructor(options: HttpServerOptions) {
    this.#o = options;
    const limits = { ...defaultHttpLimits, ...options.limits };
    this.#limits = limits;
    this.refusals = new Refusals(options.log, options.now ?? Date.now);
    this.server = createServer(
      {
        headersTimeout: limits.headersTimeoutMs,
        requestTimeout: limits.requestTimeoutMs,
        keepAliveTimeout: limits.keepAliveTimeoutMs,
        // How often the two time-outs above are checked (Node's default is every 30 s).
        connectionsCheckingInterval: Math.min(1_000, limits.headersTimeoutMs),
      },
      (req, res) => void this.#dispatch(req, res),
    );
    this.#slots = new ConnectionSlots(this.server, limits.maxConnections, () =>
      options.metrics.errors.inc({ kind: 'http_connection_dropped' }),
    );
  }

  mount(path: string, handler: Route, limits: { maxBodyBytes?: number } = {}): void {
    const maxBodyBytes = Math.min(limits.maxBodyBytes ?? Infinity, this.#limits.maxBodyBytes);
    this.#routes.set(path, { handler, maxBodyBytes });
  }

  /** `/healthz` lists `name` under `busy`; not readiness, as every replica may be busy at once. */
  reportBusy(name: string, check: () => boolean): void {
    this.#busy.set(name, check);
  }

  listen(port: number, host?: string): Promise<number> {
    return listenOn(this.server, port, host);
  }

  /**
   * `/healthz`, `/readyz` and `/metrics` alone on `port`, which the public never reaches: a
   * flood of the public port leaves no probe unanswered, so Kubernetes does not restart a
   * replica for being attacked.
   */
  listenOperator(port: number, host?: string): Promise<number> {
    const t = OPERATOR_TIMEOUT_MS;
    this.#operator = createServer(
      { headersTimeout: t, requestTimeout: t, connectionsCheckingInterval: 1_000 },
      (req, res) => {
        req.resume();
        void this.#guard(req, res, async (path) => {
          if (!(await this.#operatorAnswer(path, res))) answer(res, 404, { error: 'not found' });
        });
      },
    );
    this.#operator.maxConnections = OPERATOR_MAX_CONNECTIONS;
    return listenOn(this.#operator, port, host);
  }

  /**
   * Stops taking connections and waits for requests in flight; `/readyz` says so meanwhile, on
   * the operator's port too, which closes last.
   */
  async close(): Promise<void> {
    this.#stopping = true;
    await closeServer(this.server);
    if (this.#operator) await closeServer(this.#operator);
  }

  #dispatch(req: IncomingMessage, res: ServerResponse): Promise<void> {
    return this.#guard(req, res, async (path) => {
      const route = this.#routes.get(path);
      const maxBodyBytes = route?.maxBodyBytes ?? this.#limits.maxBodyBytes;
      const read = await readBody(req, maxBodyBytes);
      if (!read.ok) return this.#refuseBody(req, res, path, read.reason, maxBodyBytes);
      this.#slots.serving(req.socket);
      res.once('finish', () => this.#slots.waiting(req.socket));
      if (route) return await route.handler(req, res, read.body);
      if (!(await this.#operatorAnswer(path, res))) answer(res, 404, { error: 'not found' });
    });
  }

  async #guard(
    req: IncomingMessage,
    res: ServerResponse,
    serve: (path: string) => Promise<void>,
  ): Promise<void> {
    const path = new URL(req.url ?? '/', 'http://localhost').pathname;
    try {
      await serve(path);
    } catch (error) {
      this.#o.log.error({ err: error, path }, 'request handler failed');
      this.#o.metrics.errors.inc({ kind: 'http_handler' });
      if (!res.headersSent) answer(res, 500, { error: 'internal error' });
      else res.end();
    }
  }

  /** Answers an operator's endpoint; false when `path` is none. */
  async #operatorAnswer(path: string, res: ServerResponse): Promise<boolean> {
    if (path === '/healthz') this.#healthz(res);
    else if (path === '/readyz') await this.#readyz(res);
    else if (path === '/metrics') {
      const text = await this.#o.metrics.registry.metrics();
      res.writeHead(200, { 'content-type': this.#o.metrics.registry.contentType }).end(text);
    } else return false;
    return true;
  }

  #refuseBody(
    req: IncomingMessage,
    res: ServerResponse,
    path: string,
    reason: BodyRefusal,
    maxBodyBytes: number,
  ): void {
    if (reason === 'aborted') return void res.destroy();
    // Announced too large: close rather than read what the client still means to send.
    if (reason === 'declared_too_large') res.setHeader('connection', 'close');
    this.#o.metrics.errors.inc({ kind: 'http_body_too_large' });
    this.#o.log.warn(
      { path, method: req.method, declared: req.headers['content-length'] },
      `refused a request body larger than ${maxBodyBytes} bytes`,
    );
    answer(res, 413, { error: 'body too large' });
  }

  #healthz(res: ServerResponse): void {
    const busy = [...this.#busy].filter(([, check]) => check()).map(([name]) => name);
    answer(res, 200, { status: 'ok', ...this.#o.health?.(), ...(busy.length && { busy }) });
  }

  async #readyz(res: ServerResponse): Promise<void> {
    if (this.#stopping) return answer(res, 503, { status: 'stopping' });
    const cacheMs = this.#o.readinessCacheMs ?? 5_000;
    if (!this.#ready || Date.now() - this.#ready.at >= cacheMs) {
      const results = await Promise.all(
        this.#o.readiness.map(async ({ name, check }) => {
          try {
            await check();
            return [name, 'ok'] as const;
          } catch (error) {
            this.#o.log.warn({ err: error, check: name }, 'readiness check failed');
            return [name, 'failing'] as const;
          }
        }),
      );
      const ok = results.every(([, state]) => state === 'ok');
      this.#ready = {
        at: Date.now(),
        status: ok ? 200 : 503,
        body: { status: ok ? 'ready' : 'not ready', checks: Object.fromEntries(results) },
      };
    }
    answer(res, this.#ready.status, this.#ready.body);
  }
}

/** Probes are small and local: a probe slower than this is not one. */
const OPERATOR_TIMEOUT_MS = 5_000;
/** Probes and a scraper or two; the port is not public, the bound is against a leak. */
const OPERATOR_MAX_CONNECTIONS = 100;

type BodyRefusal = 'declared_too_large' | 'too_large' | 'aborted';

const ignore = () => {};

async function readBody(
  req: IncomingMessage,
  maxBytes: number,
): Promise<{ ok: true; body: Buffer } | { ok: false; reason: BodyRefusal }> {
  // A client gone mid-body errors the stream, maybe after the read gave up: never uncaught.
  req.on('error', ignore);
  const length = req.headers['content-length'];
  try {
    return { ok: true, body: await getRawBody(req, { limit: maxBytes, length }) };
  } catch (error) {
    if ((error as { type?: string }).type !== 'entity.too.large') {
      return { ok: false, reason: 'aborted' };
    }
    if (Number(length) > maxBytes) return { ok: false, reason: 'declared_too_large' };
    req.resume();
    return { ok: false, reason: 'too_large' };
  }
}

async function listenOn(server: Server, port: number, host?: string): Promise<number> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen({ port, host }, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return (server.address() as AddressInfo).port;
}

async function closeServer(server: Server): Promise<void> {
  if (!server.listening) return;
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  server.closeIdleConnections();
  await closed;
}
