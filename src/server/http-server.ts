/**
 * The one HTTP server: platform routes mounted by path, beside `/healthz`, `/readyz` and
 * `/metrics`. Everything that arrives is bounded here once for every route: body size, header and
 * request time, idle keep-alive, connections open at once.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Logger } from '../log.ts';
import type { Metrics } from '../metrics.ts';
import { type BodyRefusal, readBody } from './body.ts';
import { answer, type Route } from './route.ts';

export interface HttpLimits {
  /** On any route; larger is answered 413. */
  maxBodyBytes: number;
  headersTimeoutMs: number;
  /** A whole request, body included. */
  requestTimeoutMs: number;
  keepAliveTimeoutMs: number;
  /** Further ones are closed as they arrive. */
  maxConnections: number;
}

/** Slack and the Bot Framework send small requests quickly and expect answers within seconds. */
export const defaultHttpLimits: HttpLimits = {
  maxBodyBytes: 1_048_576,
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 30_000,
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
}

export class HttpServer {
  readonly server: Server;
  readonly #routes = new Map<string, { handler: Route; maxBodyBytes: number }>();
  readonly #o: HttpServerOptions;
  readonly #limits: HttpLimits;
  readonly #busy = new Map<string, () => boolean>();
  #ready: { at: number; status: number; body: unknown } | undefined;
  #stopping = false;

  constructor(options: HttpServerOptions) {
    this.#o = options;
    const limits = { ...defaultHttpLimits, ...options.limits };
    this.#limits = limits;
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
    this.server.maxConnections = limits.maxConnections;
    this.server.on('drop', () => options.metrics.errors.inc({ kind: 'http_connection_dropped' }));
  }

  mount(path: string, handler: Route, limits: { maxBodyBytes?: number } = {}): void {
    const maxBodyBytes = Math.min(limits.maxBodyBytes ?? Infinity, this.#limits.maxBodyBytes);
    this.#routes.set(path, { handler, maxBodyBytes });
  }

  /** `/healthz` lists `name` under `busy`; not readiness, as every replica may be busy at once. */
  reportBusy(name: string, check: () => boolean): void {
    this.#busy.set(name, check);
  }

  async listen(port: number, host?: string): Promise<number> {
    await new Promise<void>((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen({ port, host }, () => {
        this.server.off('error', reject);
        resolve();
      });
    });
    return (this.server.address() as AddressInfo).port;
  }

  /** Stops taking connections and waits for requests in flight; `/readyz` says so meanwhile. */
  async close(): Promise<void> {
    this.#stopping = true;
    if (!this.server.listening) return;
    const closed = new Promise<void>((resolve) => this.server.close(() => resolve()));
    this.server.closeIdleConnections();
    await closed;
  }

  async #dispatch(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = new URL(req.url ?? '/', 'http://localhost').pathname;
    try {
      const route = this.#routes.get(path);
      const maxBodyBytes = route?.maxBodyBytes ?? this.#limits.maxBodyBytes;
      const read = await readBody(req, maxBodyBytes);
      if (!read.ok) return this.#refuseBody(req, res, path, read.reason, maxBodyBytes);
      if (route) return await route.handler(req, res, read.body);
      if (path === '/healthz') return this.#healthz(res);
      if (path === '/readyz') return await this.#readyz(res);
      if (path === '/metrics') {
        const text = await this.#o.metrics.registry.metrics();
        res.writeHead(200, { 'content-type': this.#o.metrics.registry.contentType }).end(text);
        return;
      }
      answer(res, 404, { error: 'not found' });
    } catch (error) {
      this.#o.log.error({ err: error, path }, 'request handler failed');
      this.#o.metrics.errors.inc({ kind: 'http_handler' });
      if (!res.headersSent) answer(res, 500, { error: 'internal error' });
      else res.end();
    }
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
    if (!this.#ready || Date.now() - this.#ready.at > cacheMs) {
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
