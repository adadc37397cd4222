/**
 * The embedded Access Service: `startSandbox()` serves the whole API under `/api/v1` on a
 * loopback port, with strict auth, the sandbox's state and fault injection, and records every
 * request it receives. `/__sandbox/*` are its control endpoints (routes/control.ts), not part
 * of the Access Service.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { once } from 'node:events';
import {
  createServer,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import { applyEmailMap, type EmailMap } from './email-map.ts';
import { SandboxError } from './errors.ts';
import { type Failure, Faults } from './faults.ts';
import { hostileLinks, sendHostileBody, streamsBody } from './hostile.ts';
import { parseBody, problem, type Reply, readBody, send } from './http.ts';
import { Cursors } from './pagination.ts';
import { MethodNotAllowed, type Router } from './router.ts';
import { apiRouter, controlRouter } from './routes/index.ts';
import { loadSeed } from './seed-load.ts';
import { SandboxState } from './state.ts';
import { sendWebhooks, type WebhookTarget } from './webhooks.ts';

export interface SandboxOptions {
  /** 0 (default) picks a free port. */
  port?: number;
  host?: string;
  pageSize?: number;
  apiKey?: string;
  /** Default: a random secret. */
  apiSecret?: string;
  /** Name of the query parameter that filters tasks by status. */
  statusParam?: string;
  now?: () => Date;
  /** How the latency fault waits (tests pass their own). */
  sleep?: (ms: number) => Promise<unknown>;
  /** `false` starts with an empty organisation. */
  seed?: boolean;
  /** Announce every task created or decided to this receiver (webhooks.ts). */
  webhook?: WebhookTarget;
  /** Real e-mail addresses for seeded people (`SANDBOX_EMAIL_MAP`, email-map.ts). */
  emailMap?: EmailMap;
}

export interface SandboxRequest {
  method: string;
  /** Path and query as received. */
  url: string;
  path: string;
  query: Record<string, string>;
  /** Names lower-cased, values as received. */
  headers: IncomingHttpHeaders;
  body: string;
  /** The status answered; `null` while pending or when the connection was dropped. */
  status: number | null;
}

export interface Sandbox {
  /** Base URL of the API, including `/api/v1`: the value of `ACCESS_API_URL`. */
  url: string;
  origin: string;
  apiKey: string;
  apiSecret: string;
  state: SandboxState;
  faults: Faults;
  requests: SandboxRequest[];
  close(): Promise<void>;
}

const apiPrefix = '/api/v1';
const controlPrefix = '/__sandbox';
/** The request log keeps the most recent requests only, so a long demo does not grow it forever. */
const requestLogLimit = 10_000;

export async function startSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  const host = options.host ?? '127.0.0.1';
  const pageSize = options.pageSize ?? 25;
  if (!Number.isInteger(pageSize) || pageSize < 1) throw new RangeError('pageSize must be ≥ 1');
  const apiKey = options.apiKey ?? 'demo-key';
  const apiSecret = options.apiSecret ?? randomBytes(24).toString('base64url');
  const statusParam = options.statusParam ?? 'status';
  const now = options.now ?? (() => new Date());
  const state = new SandboxState(now);
  if (options.seed ?? true) loadSeed(state, now());
  if (options.emailMap) applyEmailMap(state, options.emailMap);
  const webhooks = options.webhook && sendWebhooks(state, options.webhook, now);
  const faults = new Faults(options.sleep);
  const cursors = new Cursors();
  const requests: SandboxRequest[] = [];
  let origin = '';

  const authFailure = (headers: IncomingHttpHeaders): string | undefined => {
    const key = headers['x-api-key'];
    const secret = headers['x-api-secret'];
    if (typeof key !== 'string' || key === '') return 'The X-API-KEY header is missing';
    if (typeof secret !== 'string' || secret === '') return 'The X-API-SECRET header is missing';
    // Both are compared whatever the first gives, so timing tells nothing about either.
    const keyMatches = sameSecret(key, apiKey);
    const secretMatches = sameSecret(secret, apiSecret);
    return keyMatches && secretMatches ? undefined : 'The API key or secret is wrong';
  };

  const dispatch = (
    router: Router,
    path: string,
    url: URL,
    req: IncomingMessage,
    raw: string | null,
  ): Reply => {
    try {
      const denied = authFailure(req.headers);
      if (denied) return problem(401, denied, url.pathname);
      const { handle, params } = router.match(req.method ?? '', path);
      return handle({
        state,
        faults,
        params,
        query: url.searchParams,
        statusParam,
        body: (schema, empty) => {
          if (raw === null) throw new SandboxError(413, 'The request body is too large');
          return parseBody(raw, req.headers['content-type'], schema, empty);
        },
        page: (items, key) =>
          hostileLinks(
            faults.hostileMode,
            cursors.page(items, key, url, pageSize, faults.nextOrigin(origin)),
            url,
          ),
      });
    } catch (error) {
      if (!(error instanceof SandboxError)) {
        process.stderr.write(`sandbox: ${req.method} ${url.pathname} failed: ${String(error)}\n`);
        return { status: 500 };
      }
      const reply = problem(error.status, error.message, url.pathname);
      if (error instanceof MethodNotAllowed)
        reply.headers = { ...reply.headers, allow: error.allowed.join(', ') };
      return reply;
    }
  };

  /** An API request goes through the faults: holds, latency, drop, injected failure, then the route. */
  const serveApi = async (
    path: string,
    url: URL,
    req: IncomingMessage,
    res: ServerResponse,
    raw: string | null,
  ) => {
    await faults.delay(req.method ?? '', path);
    if (faults.takeDrop(false)) return void req.socket.destroy();
    const failure = faults.takeFailure(req.method ?? '', path);
    if (failure) return send(res, failureReply(failure, url.pathname));
    const hostile = faults.hostileMode;
    if (hostile && streamsBody(hostile) && req.method === 'GET') {
      return sendHostileBody(res, hostile);
    }
    const reply = dispatch(apiRouter, path, url, req, raw);
    if (faults.takeDrop(true)) return void req.socket.destroy();
    const malformed =
      reply.status < 300 && reply.body !== undefined ? faults.takeMalformed() : undefined;
    send(res, reply, malformed && malformedBodies[malformed]);
  };

  const serve = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(origin + req.url);
    const entry: SandboxRequest = {
      method: req.method ?? '',
      url: req.url ?? '',
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      headers: { ...req.headers },
      body: '',
      status: null,
    };
    requests.push(entry);
    if (requests.length > requestLogLimit) requests.shift();
    res.on('finish', () => {
      entry.status = res.statusCode;
    });
    const raw = await readBody(req);
    entry.body = raw ?? '';
    const { pathname } = url;
    if (pathname.startsWith(`${apiPrefix}/`)) {
      await serveApi(pathname.slice(apiPrefix.length), url, req, res, raw);
    } else if (pathname.startsWith(`${controlPrefix}/`)) {
      send(res, dispatch(controlRouter, pathname.slice(controlPrefix.length), url, req, raw));
    } else {
      send(res, problem(404, `No resource at ${pathname}`, pathname));
    }
  };

  const server = createServer((req, res) => {
    serve(req, res).catch(() => {
      // Only a broken request gets here (a malformed target, a client gone mid-body).
      if (!res.headersSent) send(res, problem(400, 'The request could not be read'));
    });
  });
  server.listen(options.port ?? 0, host);
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  origin = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;

  return {
    url: `${origin}${apiPrefix}`,
    origin,
    apiKey,
    apiSecret,
    state,
    faults,
    requests,
    close: async () => {
      await webhooks?.close();
      const closed = once(server, 'close');
      server.close();
      server.closeAllConnections();
      await closed;
    },
  };
}

function sameSecret(given: string, expected: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

function failureReply(failure: Failure, path: string): Reply {
  const reply = problem(failure.status, `Injected failure (${failure.status})`, path);
  if (failure.retryAfterSeconds === undefined) return reply;
  return {
    ...reply,
    headers: { ...reply.headers, 'retry-after': String(failure.retryAfterSeconds) },
  };
}

const malformedBodies = {
  json: '{"data": [{"id": ',
  shape: JSON.stringify({ id: 42, data: 'not a list', status: null }),
};
