/**
 * A local fake of the Bot Connector service, the API a bot calls back into Teams with. The
 * activities a test sends carry its URL as `serviceUrl`, so botbuilder talks to it over real
 * HTTP. It records every reply, send, update and created conversation, serves conversation
 * members as Teams does (`GET /v3/conversations/{id}/members/{userId}`, for `TeamsInfo.getMember`:
 * a `TeamsChannelAccount` whose Azure AD object id is `objectId`; 404
 * `MemberNotFoundInConversation` for anyone else), enforces Teams' message size limit, checks
 * every Adaptive Card it receives with Microsoft's library, and fails calls on demand.
 */
import { EventEmitter, once } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { cardProblems, cardsOf } from './bot-connector-cards.ts';

/** Teams refuses messages larger than about 28 KB. */
export const MAX_MESSAGE_BYTES = 28_000;

export type Operation = 'send' | 'reply' | 'update' | 'createConversation' | 'getMember';

export interface Activity {
  type?: string;
  id?: string;
  text?: string;
  summary?: string;
  attachments?: { contentType?: string; content?: unknown }[];
  [key: string]: unknown;
}

export interface Call {
  op: Operation;
  conversationId: string;
  /** The activity replied to, or updated. */
  activityId?: string;
  /** The id this fake gave a new message. */
  newId?: string;
  activity?: Activity;
  body?: unknown;
  authorization?: string;
  status: number;
  /** When it arrived (ms since the epoch). */
  at: number;
}

/** A member as Teams answers for one (a `TeamsChannelAccount` on the wire). */
export interface Member {
  id: string;
  name: string;
  /** The Azure AD object id; absent for anonymous (meeting guest) members. */
  objectId?: string;
  givenName?: string;
  surname?: string;
  email?: string;
  userPrincipalName?: string;
  tenantId?: string;
  userRole?: 'user' | 'guest' | 'anonymous';
}

interface Fault {
  op: Operation;
  status: number;
  times: number;
  retryAfter?: string;
  code: string;
}

export interface FakeBotConnector {
  url: string;
  calls: Call[];
  /** Every problem found in a received card; a test expects it empty. */
  cardIssues: string[];
  members: Map<string, Member>;
  /** The message as it now stands, after any updates. */
  message(id: string): Activity | undefined;
  /**
   * Resolves with the first value `probe` returns once it is defined (checked on every call
   * received, and again once a message it sends or updates is stored); the time-out is far beyond any answer, so only a missing one reaches it.
   */
  waitFor<T>(probe: () => T | undefined): Promise<T>;
  /** The next `times` calls of `op` answer `status` (with `Retry-After` when given). */
  fail(
    op: Operation,
    status: number,
    options?: { times?: number; retryAfter?: string; code?: string },
  ): void;
  clear(): void;
  close(): Promise<void>;
}

export async function startFakeBotConnector(members: Member[] = []): Promise<FakeBotConnector> {
  const calls: Call[] = [];
  const received = new EventEmitter().setMaxListeners(100);
  const cardIssues: string[] = [];
  const faults: Fault[] = [];
  const messages = new Map<string, Activity>();
  const memberMap = new Map(members.map((m) => [m.id, m]));
  let next = 0;

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const raw = await readBody(req);
    const url = new URL(req.url ?? '/', 'http://fake');
    const parts = url.pathname.split('/').filter(Boolean).map(decodeURIComponent);
    const route = routeOf(req.method ?? 'GET', parts);
    if (!route) return json(res, 404, { error: { code: 'NotFound', message: url.pathname } });
    const body = raw ? (JSON.parse(raw) as unknown) : undefined;
    const call: Call = {
      op: route.op,
      conversationId: route.conversationId,
      activityId: route.activityId,
      body,
      activity:
        route.op === 'createConversation' || route.op === 'getMember'
          ? undefined
          : (body as Activity),
      authorization: req.headers.authorization,
      status: 200,
      at: Date.now(),
    };
    calls.push(call);
    received.emit('call');
    const fault = faults.find((f) => f.op === route.op && f.times > 0);
    if (fault) {
      fault.times--;
      call.status = fault.status;
      const headers: Record<string, string> = fault.retryAfter
        ? { 'retry-after': fault.retryAfter }
        : {};
      return json(res, fault.status, { error: { code: fault.code, message: 'injected' } }, headers);
    }
    if (call.activity) {
      if (Buffer.byteLength(raw) > MAX_MESSAGE_BYTES) {
        call.status = 413;
        return json(res, 413, { error: { code: 'MessageSizeTooBig', message: 'too big' } });
      }
      for (const card of cardsOf(call.activity)) {
        cardIssues.push(...cardProblems(card).map((p) => `${route.op}: ${p}`));
      }
    }
    switch (route.op) {
      case 'getMember': {
        const member = memberMap.get(route.memberId ?? '');
        if (!member) {
          call.status = 404;
          return json(res, 404, { error: { code: 'MemberNotFoundInConversation', message: 'no' } });
        }
        return json(res, 200, member);
      }
      case 'createConversation':
        call.newId = `a:personal-${++next}`;
        return json(res, 201, { id: call.newId });
      case 'update':
        messages.set(route.activityId ?? '', { ...call.activity, id: route.activityId });
        // Waits on what messages now show are checked again.
        received.emit('call');
        return json(res, 200, { id: route.activityId });
      default:
        call.newId = `msg-${++next}`;
        messages.set(call.newId, { ...call.activity, id: call.newId });
        received.emit('call');
        return json(res, 201, { id: call.newId });
    }
  };

  const server = createServer((req, res) => void handle(req, res));
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    cardIssues,
    members: memberMap,
    message: (id) => messages.get(id),
    waitFor: <T>(probe: () => T | undefined) =>
      new Promise<T>((resolve, reject) => {
        const check = () => {
          const value = probe();
          if (value === undefined) return;
          received.off('call', check);
          clearTimeout(timer);
          resolve(value);
        };
        const timer = setTimeout(() => {
          received.off('call', check);
          reject(new Error(`timed out; calls: ${calls.map((c) => c.op).join(', ')}`));
        }, 30_000);
        received.on('call', check);
        check();
      }),
    fail: (op, status, options = {}) =>
      faults.push({
        op,
        status,
        times: options.times ?? 1,
        retryAfter: options.retryAfter,
        code: options.code ?? 'Injected',
      }),
    clear: () => {
      calls.length = 0;
      cardIssues.length = 0;
      faults.length = 0;
    },
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

interface Route {
  op: Operation;
  conversationId: string;
  activityId?: string;
  memberId?: string;
}

/** The Bot Connector REST paths botbuilder uses, under `/v3/conversations`. */
function routeOf(method: string, parts: string[]): Route | undefined {
  if (parts[0] !== 'v3' || parts[1] !== 'conversations') return undefined;
  const [, , conversationId = '', what, id] = parts;
  if (method === 'POST' && parts.length === 2)
    return { op: 'createConversation', conversationId: '' };
  if (what === 'members' && method === 'GET' && id)
    return { op: 'getMember', conversationId, memberId: id };
  if (what !== 'activities') return undefined;
  if (method === 'POST')
    return id ? { op: 'reply', conversationId, activityId: id } : { op: 'send', conversationId };
  if (method === 'PUT' && id) return { op: 'update', conversationId, activityId: id };
  return undefined;
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function json(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
) {
  res
    .writeHead(status, { 'content-type': 'application/json', ...headers })
    .end(JSON.stringify(body));
}
