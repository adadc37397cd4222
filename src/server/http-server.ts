/**
 * The one HTTP server of accessbot, on `PORT`: platform endpoints are mounted by path
 * (`/slack/events`, `/api/messages`, `/webhooks/access`), beside the operator's endpoints
 * `/healthz` (the process is up), `/readyz` (the store and the Access Service answer) and
 * `/metrics` (Prometheus text).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Logger } from '../log.ts';
import type { Metrics } from '../metrics.ts';

export type Handler = (req: IncomingMessage, res: ServerResponse) => void | Promise<void>;

export interface ReadinessCheck {
  name: string;
  check: () => Promise<void>;
}

export interface HttpServerOptions {
  log: Logger;
  metrics: Metrics;
  readiness: ReadinessCheck[];
  /** How long a readiness answer is reused, so probes do not load the Access Service. */
  readinessCacheMs?: number;
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

export class HttpServer {
  readonly server: Server;
  readonly #routes = new Map<string, Handler>();
  readonly #o: HttpServerOptions;
  #ready: { at: number; status: number; body: unknown } | undefined;

  constructor(options: HttpServerOptions) {
    this.#o = options;
    this.server = createServer((req, res) => void this.#dispatch(req, res));
    // Slack and Bot Framework connections are short; keep idle sockets from piling up.
    this.server.keepAliveTimeout = 5_000;
  }

  /** Routes every request whose path is exactly `path` to `handler`. */
  mount(path: string, handler: Handler): void {
    this.#routes.set(path, handler);
  }

  async listen(port: number, host?: string): Promise<number> {
    await new Promise<void>((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(port, host, () => {
        this.server.off('error', reject);
        resolve();
      });
    });
    return (this.server.address() as AddressInfo).port;
  }

  /** Stops taking connections and waits for requests in flight. */
  async close(): Promise<void> {
    if (!this.server.listening) return;
    const closed = new Promise<void>((resolve) => this.server.close(() => resolve()));
    this.server.closeIdleConnections();
    await closed;
  }

  async #dispatch(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = new URL(req.url ?? '/', 'http://localhost').pathname;
    try {
      const handler = this.#routes.get(path);
      if (handler) return await handler(req, res);
      if (path === '/healthz') return sendJson(res, 200, { status: 'ok' });
      if (path === '/readyz') return await this.#readyz(res);
      if (path === '/metrics') {
        const text = await this.#o.metrics.registry.metrics();
        res.writeHead(200, { 'content-type': this.#o.metrics.registry.contentType }).end(text);
        return;
      }
      sendJson(res, 404, { error: 'not found' });
    } catch (error) {
      this.#o.log.error({ err: error, path }, 'request handler failed');
      this.#o.metrics.errors.inc({ kind: 'http_handler' });
      if (!res.headersSent) sendJson(res, 500, { error: 'internal error' });
      else res.end();
    }
  }

  async #readyz(res: ServerResponse): Promise<void> {
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
    sendJson(res, this.#ready.status, this.#ready.body);
  }
}
