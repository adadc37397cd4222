/** The embedded Access Service: the whole API under `/api/v1` on a loopback port, strict auth. */
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
import { parseBody, problem, type Reply, readBody, send } from './http.ts';
import { Cursors } from './pagination.ts';
import { MethodNotAllowed, Router } from './router.ts';
import { directoryRoutes } from './routes/directory.ts';
import { taskRoutes } from './routes/tasks.ts';
import { workAppRoutes } from './routes/work-apps.ts';
import { loadSeed } from './seed-load.ts';
import { SandboxState } from './state.ts';
import { sendWebhooks, type WebhookTarget } from './webhooks.ts';

export interface SandboxOptions {
  /** 0 (default) picks a free port. */
  port?: number;
  pageSize?: number;
  apiKey?: string;
  /** Default: a random secret. */
  apiSecret?: string;
  statusParam?: string;
  now?: () => Date;
  /** `false` starts with an empty organisation. */
  seed?: boolean;
  /** Receives every task created or decided (webhooks.ts). */
  webhook?: WebhookTarget;
  /** `SANDBOX_EMAIL_MAP` (email-map.ts). */
  emailMap?: EmailMap;
  /** Wraps each API exchange: tests inject faults here. */
  around?: (api: ApiExchange) => Promise<void>;
}

export interface ApiExchange {
  req: IncomingMessage;
  res: ServerResponse;
  url: URL;
  /** After `/api/v1`. */
  path: string;
  /** As received; null when it is past the limit. */
  body: string | null;
  answer(): Reply;
}

export interface Sandbox {
  /** Including `/api/v1`: the value of `ACCESS_API_URL`. */
  url: string;
  origin: string;
  apiKey: string;
  apiSecret: string;
  state: SandboxState;
  close(): Promise<void>;
}

const apiPrefix = '/api/v1';
const apiRouter = new Router({ ...directoryRoutes, ...workAppRoutes, ...taskRoutes });

export async function startSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
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
  const cursors = new Cursors();
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

  const dispatch = (path: string, url: URL, req: IncomingMessage, raw: string | null): Reply => {
    try {
      const denied = authFailure(req.headers);
      if (denied) return problem(401, denied, url.pathname);
      const { handle, params } = apiRouter.match(req.method ?? '', path);
      return handle({
        state,
        params,
        query: url.searchParams,
        statusParam,
        body: (schema, empty) => {
          if (raw === null) throw new SandboxError(413, 'The request body is too large');
          return parseBody(raw, req.headers['content-type'], schema, empty);
        },
        page: (items, key) => cursors.page(items, key, url, pageSize),
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

  const serve = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(origin + req.url);
    const raw = await readBody(req);
    const { pathname } = url;
    if (pathname.startsWith(`${apiPrefix}/`)) {
      const path = pathname.slice(apiPrefix.length);
      const api = { req, res, url, path, body: raw, answer: () => dispatch(path, url, req, raw) };
      if (options.around) await options.around(api);
      else send(res, api.answer());
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
  server.listen(options.port ?? 0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  origin = `http://127.0.0.1:${port}`;

  return {
    url: `${origin}${apiPrefix}`,
    origin,
    apiKey,
    apiSecret,
    state,
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
