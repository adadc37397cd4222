/**
 * Fault injection for the sandbox's API responses (never for the control endpoints). Counted
 * faults apply to the next requests in arrival order and wear off; `reset()` clears them all.
 * `FaultCommand` is the same set as JSON, for `POST /__sandbox/faults`.
 */
import { setTimeout as delay } from 'node:timers/promises';
import { z } from 'zod';
import { HostileCommand } from './hostile.ts';

/** `json`: a body that is not valid JSON; `shape`: valid JSON in the wrong shape. */
export type MalformKind = 'json' | 'shape';

export interface Failure {
  status: number;
  retryAfterSeconds?: number;
}

const count = z.number().int().min(0);
const failureStatus = z.number().int().min(400).max(599);

type Matches = (method: string, path: string) => boolean;
type Hold = { matches: Matches; waiting: Array<() => void> };

export const FaultCommand = z.strictObject({
  reset: z.literal(true).optional(),
  latency: z.number().min(0).optional(),
  errorRate: z.number().min(0).max(1).optional(),
  failNext: z
    .strictObject({
      count,
      status: failureStatus.optional(),
      retryAfterSeconds: z.number().int().min(0).optional(),
    })
    .optional(),
  malformNext: z.strictObject({ count, kind: z.enum(['json', 'shape']).optional() }).optional(),
  dropNext: z.strictObject({ count, afterHandling: z.boolean().optional() }).optional(),
  foreignNextLinks: z.url().nullable().optional(),
  hostile: HostileCommand.nullable().optional(),
});
export type FaultCommand = z.infer<typeof FaultCommand>;

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

  /** Injectable so that a test sees the latency asked for without waiting for it. */
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

  /** Hostile answers (hostile.ts) until `null` or `reset()`. */
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
   * `reset()`: one endpoint down while the others answer. In process only, like `hold`.
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

  apply(command: FaultCommand): void {
    if (command.reset) this.reset();
    if (command.latency !== undefined) this.latency(command.latency);
    if (command.errorRate !== undefined) this.errorRate(command.errorRate);
    const { failNext, malformNext, dropNext } = command;
    if (failNext) this.failNext(failNext.count, failNext.status, failNext);
    if (malformNext) this.malformNext(malformNext.count, malformNext.kind);
    if (dropNext) this.dropNext(dropNext.count, dropNext);
    if (command.foreignNextLinks !== undefined) this.foreignNextLinks(command.foreignNextLinks);
    if (command.hostile !== undefined) this.hostile(command.hostile);
  }

  // What the server asks for each API request.

  /** Waits out the holds that match the request, then the latency. */
  async delay(method: string, path: string): Promise<void> {
    for (const hold of this.#holds) {
      if (hold.matches(method, path)) await new Promise<void>((go) => hold.waiting.push(go));
    }
    if (this.#latencyMs > 0) await this.#sleep(this.#latencyMs);
  }

  takeDrop(afterHandling: boolean): boolean {
    if (this.#drops.count === 0 || this.#drops.afterHandling !== afterHandling) return false;
    this.#drops.count--;
    return true;
  }

  takeFailure(method: string, path: string): Failure | undefined {
    for (const rule of this.#failing) if (rule.matches(method, path)) return rule.failure;
    if (this.#failures.count > 0) {
      this.#failures.count--;
      return this.#failures.failure;
    }
    if (this.#errorRate > 0 && this.#random() < this.#errorRate) return { status: 500 };
    return undefined;
  }

  takeMalformed(): MalformKind | undefined {
    if (this.#malformed.count === 0) return undefined;
    this.#malformed.count--;
    return this.#malformed.kind;
  }

  get hostileMode(): HostileCommand | null {
    return this.#hostile;
  }

  nextOrigin(ownOrigin: string): string {
    return this.#foreignOrigin ?? ownOrigin;
  }
}
