/**
 * A loopback fake of the Slack Web API and of Slack's response_url endpoint. It records every
 * call with its parsed body (blocks and views decoded from the form's JSON strings), answers the
 * methods accessbot uses the way Slack documents them (also message metadata, returned by
 * conversations.history and .replies only with `include_all_metadata`, and only for conversation
 * ids: a user id is `channel_not_found` there, while chat.postMessage to a user id posts to their
 * DM and answers its `D…` id; `users.info` gives each seeded person a time zone, `tz`), and can
 * be told to fail: 429 with Retry-After, an HTTP error, or an `ok: false` error code, for the
 * next calls of one method.
 */
import { EventEmitter } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { users } from '../../src/sandbox/seed.ts';

export interface SlackCall {
  method: string;
  args: Record<string, unknown>;
  token: string | undefined;
}

export interface Responded {
  path: string;
  body: Record<string, unknown>;
}

export interface PostedMessage {
  channel: string;
  ts: string;
  text: string;
  blocks: unknown[];
  /** Set for a reply in a thread: the parent's ts. */
  thread_ts?: string;
  metadata?: { event_type: string; event_payload: Record<string, unknown> };
  /** When the fake received it (ms since the epoch), and when it was last edited. */
  postedAt: number;
  updatedAt?: number;
}

type Fault =
  | { kind: 'rate_limited'; retryAfterSeconds: number }
  | { kind: 'http'; status: number }
  | { kind: 'error'; error: string };

/** Slack user ids of the sandbox's seeded people (`U-ADA` is ada.lovelace@example.com), and one outsider. */
export const slackUsers: Record<string, string> = {
  ...Object.fromEntries(
    Object.entries(users).map(([key, user]) => [`U-${key.toUpperCase()}`, user.email]),
  ),
  /** On Slack, but not a user of the Access Service. */
  'U-STRANGER': 'stranger@elsewhere.example',
};

/** The time zone `users.info` gives each seeded person (`user.tz`); the outsider has none. */
export const slackTimeZones: Record<string, string> = {
  'U-ADA': 'Europe/London',
  'U-GRACE': 'America/New_York',
  'U-ALAN': 'Europe/London',
  'U-KATHERINE': 'America/Chicago',
  'U-MARGARET': 'America/Los_Angeles',
  'U-DENNIS': 'America/New_York',
  'U-BARBARA': 'America/New_York',
  'U-KEN': 'Asia/Tokyo',
  'U-RADIA': 'Europe/Berlin',
  'U-TIM': 'Europe/Zurich',
  'U-FRANCES': 'America/New_York',
  'U-EDSGER': 'Europe/Amsterdam',
};

export const BOT_USER_ID = 'U-BOT';

export class FakeSlack {
  readonly calls: SlackCall[] = [];
  readonly responded: Responded[] = [];
  readonly messages = new Map<string, PostedMessage>();
  /**
   * Workflow steps' runs completed (`functions.completeSuccess` / `.completeError`), by execution
   * id; completing one again is answered as Slack does, `execution_not_in_running_state`.
   */
  readonly completed = new Map<string, { outputs: unknown } | { error: string }>();
  /** Set by the Socket Mode fake: what `apps.connections.open` answers. */
  socketUrl: string | undefined;
  /** `auth.test` answers `ok: false` with this error (e.g. `invalid_auth`). */
  authError: string | undefined;
  /**
   * Scopes the app was not granted: the history methods answer `missing_scope` (naming it in
   * `needed`) for a conversation whose kind needs one of them (D… im, C… channels, G… groups).
   */
  readonly withoutScopes = new Set<string>();
  /** What `users.info` answers as each user's `tz`; a test may move people. */
  readonly timeZones = new Map(Object.entries(slackTimeZones));
  /** What `users.info` with `include_locale` answers as `user.locale`; `en-US` for the others. */
  readonly locales = new Map<string, string>();
  readonly #server: Server;
  readonly #faults = new Map<string, Fault[]>();
  readonly #events = new EventEmitter();
  #ts = 1_700_000_000_000_100;
  #views = 0;
  #origin = '';

  private constructor() {
    this.#server = createServer((req, res) => void this.#handle(req, res));
    this.#events.setMaxListeners(100);
  }

  static async start(): Promise<FakeSlack> {
    const fake = new FakeSlack();
    await new Promise<void>((resolve) => fake.#server.listen(0, '127.0.0.1', resolve));
    fake.#origin = `http://127.0.0.1:${(fake.#server.address() as AddressInfo).port}`;
    return fake;
  }

  /** The value of `SLACK_API_URL`. */
  get apiUrl(): string {
    return `${this.#origin}/api/`;
  }

  /** A fresh response_url, as Slack puts one in each slash command and interaction. */
  responseUrl(): string {
    return `${this.#origin}/respond/${++this.#views}`;
  }

  callsOf(method: string): SlackCall[] {
    return this.calls.filter((c) => c.method === method);
  }

  respondedTo(url: string): Responded[] {
    return this.responded.filter((r) => url.endsWith(r.path));
  }

  /** The next `n` calls of `method` fail this way. */
  fail(method: string, fault: Fault, n = 1): void {
    this.#faults.set(
      method,
      Array.from({ length: n }, () => fault),
    );
  }

  /**
   * Resolves with the first value `probe` returns once it is defined (checked on every record).
   * The time-out is far beyond any answer, even on a busy machine: only a missing one reaches it.
   */
  waitFor<T>(probe: () => T | undefined, timeoutMs = 30_000): Promise<T> {
    return new Promise((resolve, reject) => {
      const check = () => {
        const value = probe();
        if (value === undefined) return;
        this.#events.off('record', check);
        clearTimeout(timer);
        resolve(value);
      };
      const timer = setTimeout(() => {
        this.#events.off('record', check);
        reject(new Error(`timed out; calls: ${this.calls.map((c) => c.method).join(', ')}`));
      }, timeoutMs);
      this.#events.on('record', check);
      check();
    });
  }

  reset(): void {
    this.calls.length = 0;
    this.responded.length = 0;
    this.messages.clear();
    this.completed.clear();
    this.#faults.clear();
    this.authError = undefined;
    this.withoutScopes.clear();
    this.timeZones.clear();
    for (const [id, zone] of Object.entries(slackTimeZones)) this.timeZones.set(id, zone);
  }

  async close(): Promise<void> {
    this.#server.closeAllConnections();
    await new Promise<void>((resolve) => this.#server.close(() => resolve()));
  }

  async #handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const raw = await new Promise<string>((resolve) => {
      let data = '';
      req.on('data', (chunk) => {
        data += String(chunk);
      });
      req.on('end', () => resolve(data));
    });
    const path = new URL(req.url ?? '/', this.#origin).pathname;
    if (path.startsWith('/respond/')) {
      this.responded.push({ path, body: JSON.parse(raw) as Record<string, unknown> });
      res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
      this.#events.emit('record');
      return;
    }
    const method = path.replace(/^\/api\//, '');
    const args = parseBody(raw, req.headers['content-type']);
    const token = req.headers.authorization?.replace(/^Bearer /, '');
    this.calls.push({ method, args, token });
    const fault = this.#faults.get(method)?.shift();
    if (fault?.kind === 'rate_limited') {
      res.writeHead(429, { 'retry-after': String(fault.retryAfterSeconds) }).end();
    } else if (fault?.kind === 'http') {
      res.writeHead(fault.status).end();
    } else {
      const body =
        fault?.kind === 'error' ? { ok: false, error: fault.error } : this.#answer(method, args);
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    }
    this.#events.emit('record');
  }

  #answer(method: string, args: Record<string, unknown>): Record<string, unknown> {
    const fail = (error: string) => ({ ok: false, error });
    const str = (key: string) => String(args[key] ?? '');
    switch (method) {
      case 'auth.test':
        if (this.authError) return fail(this.authError);
        return { ok: true, user_id: BOT_USER_ID, bot_id: 'B-BOT', team_id: 'T-TEAM', team: 'Test' };
      case 'users.info': {
        const email = slackUsers[str('user')];
        if (!email) return fail('user_not_found');
        const tz = this.timeZones.get(str('user'));
        // As Slack: the language only when asked for it.
        const locale = str('include_locale') === 'true' && {
          locale: this.locales.get(str('user')) ?? 'en-US',
        };
        const user = { id: str('user'), ...(tz && { tz }), ...locale, profile: { email } };
        return { ok: true, user };
      }
      case 'users.lookupByEmail': {
        const id = Object.entries(slackUsers).find(([, e]) => e === str('email'))?.[0];
        return id
          ? { ok: true, user: { id, profile: { email: str('email') } } }
          : fail('users_not_found');
      }
      case 'users.list': {
        // Every seeded person, a deactivated one and a bot, `limit` per page.
        const all = [
          ...Object.entries(slackUsers).map(([id, email]) => ({ id, profile: { email } })),
          { id: 'U-LEFT', deleted: true, profile: { email: 'left@example.com' } },
          { id: 'U-BOT', is_bot: true, profile: {} },
        ];
        const from = Number(str('cursor') || 0);
        // Smaller pages than asked for, as Slack may send, so paging is exercised.
        const limit = Math.min(Number(str('limit') || 100), 5);
        const next = from + limit < all.length ? String(from + limit) : '';
        return {
          ok: true,
          members: all.slice(from, from + limit),
          response_metadata: { next_cursor: next },
        };
      }
      case 'conversations.open': {
        const user = str('users');
        return slackUsers[user]
          ? { ok: true, channel: { id: `D-${user}` } }
          : fail('user_not_found');
      }
      case 'chat.postMessage': {
        const asked = str('channel');
        if (asked.startsWith('C-GONE')) return fail('channel_not_found');
        // Posting to a user id posts to the DM with them, and Slack answers the DM's id.
        const channel = slackUsers[asked] ? `D-${asked}` : asked;
        const thread = str('thread_ts');
        if (thread && !this.messages.has(`${channel}/${thread}`)) return fail('thread_not_found');
        const ts = this.#nextTs();
        const message: PostedMessage = {
          channel,
          ts,
          text: str('text'),
          blocks: (args.blocks as unknown[]) ?? [],
          ...(thread && { thread_ts: thread }),
          ...(isMetadata(args.metadata) && { metadata: args.metadata }),
          postedAt: Date.now(),
        };
        this.messages.set(`${channel}/${ts}`, message);
        return { ok: true, channel, ts, message: shown(message, false) };
      }
      case 'conversations.history':
      case 'conversations.replies': {
        const channel = str('channel');
        if (!/^[CDG]/.test(channel)) return fail('channel_not_found');
        const scope = { D: 'im', C: 'channels', G: 'groups' }[channel[0] ?? ''];
        const needed = `${scope}:history`;
        if (this.withoutScopes.has(needed)) return { ...fail('missing_scope'), needed };
        const thread = method === 'conversations.replies' ? str('ts') : undefined;
        if (thread !== undefined && !this.messages.has(`${channel}/${thread}`)) {
          return fail('thread_not_found');
        }
        const oldest = Number(str('oldest') || 0);
        const all = [...this.messages.values()]
          .filter((m) => m.channel === channel && Number(m.ts) > oldest)
          .filter((m) => (thread ? m.ts === thread || m.thread_ts === thread : !m.thread_ts))
          .sort((a, b) => Number(b.ts) - Number(a.ts));
        // Replies come oldest first, history newest first, as Slack sends them.
        if (thread) all.reverse();
        const from = Number(str('cursor') || 0);
        const limit = Math.min(Number(str('limit') || 100), 999);
        const page = all.slice(from, from + limit);
        const more = from + limit < all.length;
        return {
          ok: true,
          messages: page.map((m) =>
            shown(m, [true, 'true'].includes(args.include_all_metadata as string)),
          ),
          has_more: more,
          response_metadata: { next_cursor: more ? String(from + limit) : '' },
        };
      }
      case 'chat.update': {
        const key = `${str('channel')}/${str('ts')}`;
        const message = this.messages.get(key);
        if (!message) return fail('message_not_found');
        message.text = str('text');
        message.blocks = (args.blocks as unknown[]) ?? [];
        message.updatedAt = Date.now();
        return { ok: true, channel: message.channel, ts: message.ts, text: message.text };
      }
      case 'chat.postEphemeral':
        return { ok: true, message_ts: this.#nextTs() };
      case 'views.open':
      case 'views.push':
      case 'views.update':
      case 'views.publish': {
        const id = method === 'views.update' ? str('view_id') : `V-${++this.#views}`;
        return { ok: true, view: { ...(args.view as object), id, hash: `hash-${this.#views}` } };
      }
      case 'functions.completeSuccess':
      case 'functions.completeError': {
        const id = str('function_execution_id');
        if (!id) return fail('invalid_arguments');
        if (this.completed.has(id)) return fail('execution_not_in_running_state');
        const success = method === 'functions.completeSuccess';
        this.completed.set(id, success ? { outputs: args.outputs } : { error: str('error') });
        return { ok: true };
      }
      case 'apps.connections.open':
        return this.socketUrl ? { ok: true, url: this.socketUrl } : fail('not_allowed_token_type');
      default:
        return fail('unknown_method');
    }
  }

  #nextTs(): string {
    // Like Slack's: the time of posting, in microseconds, and unique.
    this.#ts = Math.max(this.#ts + 1, Date.now() * 1000);
    const n = String(this.#ts);
    return `${n.slice(0, 10)}.${n.slice(10)}`;
  }
}

/** Slack's WebClient posts forms whose object values (blocks, view) are JSON strings. */
function parseBody(raw: string, type: string | undefined): Record<string, unknown> {
  if (type?.includes('application/json')) return JSON.parse(raw || '{}') as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(raw)) {
    out[key] = /^[[{]/.test(value) ? JSON.parse(value) : value;
  }
  return out;
}

function isMetadata(value: unknown): value is PostedMessage['metadata'] {
  return typeof value === 'object' && value !== null && 'event_type' in value;
}

/** A message as Slack's answers show it; metadata only where asked for. */
function shown(m: PostedMessage, withMetadata: boolean): Record<string, unknown> {
  const { channel: _, postedAt: __, updatedAt: ___, metadata, ...rest } = m;
  return {
    type: 'message',
    bot_id: 'B-BOT',
    ...rest,
    ...(withMetadata && metadata && { metadata }),
  };
}
