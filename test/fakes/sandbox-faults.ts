/**
 * The sandbox as tests and benchmarks use it: every API request recorded, and faults injected
 * into the answers, standing between each request and its answer (`around`, the sandbox's one
 * hook). Counted faults apply to the next requests in arrival order and wear off; `reset()`
 * clears them all.
 */
import type { IncomingHttpHeaders } from 'node:http';
import { setTimeout as delay } from 'node:timers/promises';
import { z } from 'zod';
import { problem, type Reply, send } from '../../src/sandbox/http.ts';
import type { Page } from '../../src/sandbox/pagination.ts';
import {
  type ApiExchange,
  type Sandbox as BareSandbox,
  type SandboxOptions,
  startSandbox as startBareSandbox,
} from '../../src/sandbox/server.ts';
import { HostileCommand, hostileLinks, sendHostileBody, streamsBody } from './sandbox-hostile.ts';

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
  /** When it arrived, by `Date` (which a test's fake timers move). */
  at: number;
}

export type Sandbox = BareSandbox & { faults: Faults; requests: SandboxRequest[] };

/**
 * The sandbox of `options` with its faults and request log; `sleep` is how the latency fault
 * waits (injectable, so a test sees the latency asked for without waiting for it); `arrived`
 * hears of each request as it is logged.
 */
export async function startSandbox(
  options: SandboxOptions & {
    sleep?: (ms: number) => Promise<unknown>;
    arrived?: (request: SandboxRequest) => void;
  } = {},
): Promise<Sandbox> {
  const faults = new Faults(options.sleep);
  const requests: SandboxRequest[] = [];
  const around = (api: ApiExchange) => {
    const { req, res, url } = api;
    const entry: SandboxRequest = {
      method: req.method ?? '',
      url: req.url ?? '',
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      headers: { ...req.headers },
      body: api.body ?? '',
      status: null,
      at: Date.now(),
    };
    // The most recent only, so that a long benchmark does not grow it for ever.
    if (requests.push(entry) > 10_000) requests.shift();
    options.arrived?.(entry);
    res.on('finish', () => {
      entry.status = res.statusCode;
    });
    return faults.around(api);
  };
  return Object.assign(await startBareSandbox({ ...options, around }), { faults, requests });
}

/** `json`: a body that is not valid JSON; `shape`: valid JSON in the wrong shape. */
export type MalformKind = 'json' | 'shape';

interface Failure {
  status: number;
  retryAfterSeconds?: number;
}

const count = z.number().int().min(0);
const failureStatus = z.number().int().min(400).max(599);

type Matches = (method: string, path: string) => boolean;
type Hold = { matches: Matches; waiting: Array<() => void> };

const malformedBodies = {
  json: '{"data": [{"id": ',
  shape: JSON.stringify({ id: 42, data: 'not a list', status: null }),
};

export class Faults {
  readonly #sleep: (ms: number) => Promise<unknown>;
  readonly #holds = new Set<Hold>();
  readonly #failing = new Set<{ matches: Matches; failure: Failure }>();
  #latencyMs = 0;
  #errorRate = 0;
  #random: () => number = Math.random;
  #failures = { count: 0, failure: { status: 500 } as Failure };
  #malformed = { count: 0, kind: 'json' as MalformKind };
  #drops = { count: 0, afterHandling: false };
  #foreignOrigin: string | null = null;
  #hostile: HostileCommand | null = null;

  constructor(sleep: (ms: number) => Promise<unknown> = delay) {
    this.#sleep = sleep;
  }

  /** Every API response waits this long. */
  latency(ms: number): void {
    this.#latencyMs = z.number().min(0).parse(ms);
  }

  /** Each API request fails with a bare 500 with probability `p`, drawn from `random`. */
  errorRate(p: number, random: () => number = Math.random): void {
    this.#errorRate = z.number().min(0).max(1).parse(p);
    this.#random = random;
  }

  /**
   * The next `n` API requests are answered with `status` and not handled: 500 with no body,
   * other statuses with problem details (and `Retry-After` when given).
   */
  failNext(n: number, status = 500, opts: { retryAfterSeconds?: number } = {}): void {
    const failure: Failure = { status: failureStatus.parse(status) };
    if (opts.retryAfterSeconds !== undefined) failure.retryAfterSeconds = opts.retryAfterSeconds;
    this.#failures = { count: count.parse(n), failure };
  }

  /** The next `n` successful answers with a body get a broken one; the request is still handled. */
  malformNext(n: number, kind: MalformKind = 'json'): void {
    this.#malformed = { count: count.parse(n), kind };
  }

  /**
   * The next `n` API requests lose their connection with no answer: before they are handled,
   * or with `afterHandling` once the state has changed (a timeout after the service accepted).
   */
  dropNext(n: number, opts: { afterHandling?: boolean } = {}): void {
    this.#drops = { count: count.parse(n), afterHandling: opts.afterHandling ?? false };
  }

  /** `links.next` points at this origin instead of the sandbox's; `null` restores it. */
  foreignNextLinks(origin: string | null): void {
    this.#foreignOrigin = origin === null ? null : new URL(origin).origin;
  }

  /** Hostile answers (sandbox-hostile.ts) until `null` or `reset()`. */
  hostile(mode: z.input<typeof HostileCommand> | null): void {
    this.#hostile = mode === null ? null : HostileCommand.parse(mode);
  }

  /**
   * API requests that `matches` (method, path after `/api/v1`) wait unanswered until `release()`
   * lets them and all later ones through: a service exactly as slow as a test needs, with no
   * clock involved. `waiting()` counts the requests held now.
   */
  hold(matches: Matches = () => true) {
    const hold: Hold = { matches, waiting: [] };
    this.#holds.add(hold);
    return { waiting: () => hold.waiting.length, release: () => this.#release(hold) };
  }

  /**
   * API requests that `matches` are answered with `status`, as by `failNext`, until `stop()` or
   * `reset()`: one endpoint down while the others answer.
   */
  failWhere(matches: Matches, status = 500) {
    const rule = { matches, failure: { status: failureStatus.parse(status) } };
    this.#failing.add(rule);
    return { stop: () => void this.#failing.delete(rule) };
  }

  #release(hold: Hold): void {
    this.#holds.delete(hold);
    for (const go of hold.waiting.splice(0)) go();
  }

  reset(): void {
    for (const hold of this.#holds) this.#release(hold);
    this.#failing.clear();
    this.latency(0);
    this.errorRate(0);
    this.failNext(0);
    this.malformNext(0);
    this.dropNext(0);
    this.foreignNextLinks(null);
    this.hostile(null);
  }

  /** One API request through the faults: holds, latency, drop, injected failure, then the route. */
  async around({ req, res, url, path, answer }: ApiExchange): Promise<void> {
    const method = req.method ?? '';
    for (const hold of this.#holds) {
      if (hold.matches(method, path)) await new Promise<void>((go) => hold.waiting.push(go));
    }
    if (this.#latencyMs > 0) await this.#sleep(this.#latencyMs);
    if (this.#takeDrop(false)) return void req.socket.destroy();
    const failure = this.#takeFailure(method, path);
    if (failure) return send(res, failureReply(failure, url.pathname));
    if (this.#hostile && streamsBody(this.#hostile) && method === 'GET') {
      return sendHostileBody(res, this.#hostile);
    }
    const reply = this.#links(answer(), url);
    if (this.#takeDrop(true)) return void req.socket.destroy();
    const malformed =
      reply.status < 300 && reply.body !== undefined ? this.#takeMalformed() : undefined;
    send(res, reply, malformed && malformedBodies[malformed]);
  }

  /** A page's `links` as the foreign origin and the hostile mode say. */
  #links(reply: Reply, url: URL): Reply {
    const page = reply.body as Page<unknown> | undefined;
    if (!page?.links) return reply;
    let { next } = page.links;
    if (next && this.#foreignOrigin) {
      const { pathname, search } = new URL(next);
      next = `${this.#foreignOrigin}${pathname}${search}`;
    }
    return {
      ...reply,
      body: hostileLinks(this.#hostile, { ...page, links: { ...page.links, next } }, url),
    };
  }

  #takeDrop(afterHandling: boolean): boolean {
    if (this.#drops.count === 0 || this.#drops.afterHandling !== afterHandling) return false;
    this.#drops.count--;
    return true;
  }

  #takeFailure(method: string, path: string): Failure | undefined {
    for (const rule of this.#failing) if (rule.matches(method, path)) return rule.failure;
    if (this.#failures.count > 0) {
      this.#failures.count--;
      return this.#failures.failure;
    }
    if (this.#errorRate > 0 && this.#random() < this.#errorRate) return { status: 500 };
    return undefined;
  }

  #takeMalformed(): MalformKind | undefined {
    if (this.#malformed.count === 0) return undefined;
    this.#malformed.count--;
    return this.#malformed.kind;
  }
}

function failureReply(failure: Failure, path: string): Reply {
  const reply = problem(failure.status, `Injected failure (${failure.status})`, path);
  if (failure.retryAfterSeconds === undefined) return reply;
  return {
    ...reply,
    headers: { ...reply.headers, 'retry-after': String(failure.retryAfterSeconds) },
  };
}
