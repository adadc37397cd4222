/**
 * What the poller tests share: a fake clock, a notifier that records what it sends (and can fail
 * or hang on demand), links for the sandbox's seeded people, and a poller over a sandbox.
 */
import { Registry } from 'prom-client';
import { afterEach, beforeEach } from 'vitest';
import type { AccessClient } from '../../src/access/client.ts';
import { AccessBot } from '../../src/core/bot.ts';
import type { Clock } from '../../src/core/clock.ts';
import type {
  DeliveryTag,
  Destination,
  Lookup,
  MessageRef,
  Notifier,
} from '../../src/core/notifier.ts';
import type { Reply, TaskCard } from '../../src/core/reply.ts';
import { createPollerMetrics } from '../../src/poller/metrics.ts';
import type { PollerOptions } from '../../src/poller/options.ts';
import { Poller } from '../../src/poller/poller.ts';
import { users } from '../../src/sandbox/seed.ts';
import { openStore } from '../../src/store/open.ts';
import type { Platform, Store } from '../../src/store/store.ts';
import { type Sandbox, startSandbox } from '../fakes/sandbox-faults.ts';
import { captureLog } from '../helpers/bot.ts';
import { clientFor } from '../helpers/sandbox.ts';

export const INTERVAL_MS = 60_000;

/** Time stands still until a test moves it; `sleep` moves it at once, so nothing really waits. */
export class FakeClock implements Clock {
  #ms: number;

  constructor(start = Date.UTC(2026, 10, 22, 9, 0, 0)) {
    this.#ms = start;
  }

  now(): Date {
    return new Date(this.#ms);
  }

  advance(ms: number): void {
    this.#ms += ms;
  }

  async sleep(ms: number, signal?: AbortSignal): Promise<void> {
    if (!signal?.aborted) this.#ms += ms;
  }
}

/** Moves on by `stepMs` each time it is read, as real time does between two reads. */
export class TickingClock extends FakeClock {
  readonly #stepMs: number;

  constructor(stepMs = 1, start?: number) {
    super(start);
    this.#stepMs = stepMs;
  }

  override now(): Date {
    const now = super.now();
    this.advance(this.#stepMs);
    return now;
  }
}

export interface Sent {
  to: Destination;
  message: Reply;
  ref: MessageRef;
  tag?: DeliveryTag;
}

export const cardOf = (reply: Reply): TaskCard | undefined =>
  reply.blocks.flatMap((b) => (b.kind === 'task' ? [b.card] : []))[0];

/** Records every post and update; `failNext` and `hangNext` script the platform's misbehaviour. */
export class RecordingNotifier implements Notifier {
  readonly platform: Platform;
  readonly posts: Sent[] = [];
  readonly updates: Array<{ ref: MessageRef; message: Reply }> = [];
  readonly followUps: Array<{ ref: MessageRef; message: Reply; tag?: DeliveryTag }> = [];
  /** Whether `find` reads back what was sent (as Slack does) or cannot tell (as Teams). */
  canFind = true;
  /** What `find` throws instead of answering (a missing scope, Slack failing). */
  findError: Error | undefined;
  /** What `timeZoneOf` answers (or throws), by chat user id; the others have none. */
  readonly timeZones = new Map<string, string | Error>();
  /** What `localeOf` answers, by chat user id; the others have none. */
  readonly locales = new Map<string, string>();
  readonly #script: Array<Error | 'hang' | 'lost'> = [];

  constructor(platform: Platform = 'slack') {
    this.platform = platform;
  }

  failNext(error: Error): void {
    this.#script.push(error);
  }

  /** The next post never returns: the process "dies" in the middle of sending. */
  hangNext(): void {
    this.#script.push('hang');
  }

  /** The next post is sent, but its answer never comes back: the sender dies after the post. */
  loseNextAnswer(): void {
    this.#script.push('lost');
  }

  async post(to: Destination, message: Reply, tag?: DeliveryTag): Promise<MessageRef> {
    const next = this.#script[0] === 'lost' ? this.#script.shift() : await this.#misbehave();
    const ref: MessageRef = {
      platform: this.platform,
      destination: to,
      data: { id: `m${this.posts.length + 1}` },
    };
    this.posts.push({ to, message, ref, tag });
    if (next === 'lost') await new Promise(() => {});
    return ref;
  }

  async update(ref: MessageRef, message: Reply): Promise<void> {
    await this.#misbehave();
    this.updates.push({ ref, message });
  }

  async followUp(ref: MessageRef, message: Reply, tag?: DeliveryTag): Promise<void> {
    await this.#misbehave();
    this.followUps.push({ ref, message, tag });
  }

  async find(where: Destination | MessageRef, tag: DeliveryTag): Promise<Lookup> {
    if (this.findError) throw this.findError;
    if (!this.canFind) return { kind: 'unknown' };
    const sent =
      'data' in where
        ? this.followUps.find((f) => f.tag?.deliveryId === tag.deliveryId)?.ref
        : this.posts.find((p) => p.tag?.deliveryId === tag.deliveryId)?.ref;
    return sent ? { kind: 'found', ref: sent } : { kind: 'absent' };
  }

  async timeZoneOf(chatUserId: string): Promise<string | undefined> {
    const zone = this.timeZones.get(chatUserId);
    if (zone instanceof Error) throw zone;
    return zone;
  }

  async localeOf(chatUserId: string): Promise<string | undefined> {
    return this.locales.get(chatUserId);
  }

  /** Task ids of the posts to one chat user, in order. */
  dmTasks(chatUserId: string): string[] {
    return this.posts
      .filter((p) => p.to.kind === 'user' && p.to.chatUserId === chatUserId)
      .map((p) => cardOf(p.message)?.taskId ?? '?');
  }

  async #misbehave(): Promise<undefined> {
    const next = this.#script.shift();
    if (next === 'hang') await new Promise(() => {});
    if (next instanceof Error) throw next;
    return undefined;
  }
}

export const chatId = (person: keyof typeof users) => `U-${person}`;

/** Links seeded people to chat users `U-<name>` on `platform`, as if they had used the bot. */
export async function link(
  store: Store,
  people: Array<keyof typeof users>,
  platform: Platform = 'slack',
): Promise<void> {
  for (const person of people) {
    const user = users[person];
    await store.saveLink({
      platform,
      chatUserId: chatId(person),
      accessUserId: user.id,
      email: user.email,
      displayName: user.displayName,
      linkedAt: new Date(0),
    });
  }
}

export interface PollerSetup extends Partial<PollerOptions> {
  client: AccessClient;
  store: Store;
  notifiers: Notifier[];
  clock: FakeClock;
}

/** A poller with test defaults: one-minute interval, no reminders, its own metrics and log. */
export function testPoller(setup: PollerSetup) {
  const { lines, log } = captureLog();
  const metrics = createPollerMetrics(new Registry());
  const poller = new Poller({
    log,
    metrics,
    owner: 'replica-a',
    pendingStatus: 'Pending',
    intervalMs: INTERVAL_MS,
    concurrency: 4,
    remindAfterMs: 0,
    random: () => 0.5,
    ...setup,
  });
  return { poller, metrics, logLines: lines };
}

/**
 * Moves the clock one interval on and sweeps: every linked user is due by then, also one linked
 * since the last sweep (whose first poll falls somewhere within the interval).
 */
export async function nextSweep(poller: Poller, clock: FakeClock) {
  await poller.refresh();
  clock.advance(INTERVAL_MS);
  return poller.sweep();
}

export interface World {
  sandbox: Sandbox;
  client: AccessClient;
  store: Store;
  clock: FakeClock;
  slack: RecordingNotifier;
  /** A test poller over this world, notifying through `slack` unless told otherwise. */
  poller(overrides?: Partial<PollerSetup>): ReturnType<typeof testPoller>;
}

/**
 * A fresh sandbox, in-memory store, fake clock and recording Slack notifier for each test.
 * `sandboxOnClock`: the sandbox dates what it creates (and its seed) by the fake clock too.
 */
export function usePollerWorld({ sandboxOnClock = false } = {}): World {
  const world = {
    poller: (overrides = {}) =>
      testPoller({
        client: world.client,
        store: world.store,
        notifiers: [world.slack],
        clock: world.clock,
        ...overrides,
      }),
  } as World;
  beforeEach(async () => {
    world.clock = new FakeClock();
    const now = sandboxOnClock ? () => world.clock.now() : undefined;
    world.sandbox = await startSandbox({ pageSize: 2, now });
    world.client = clientFor(world.sandbox);
    world.store = await openStore('sqlite::memory:');
    world.slack = new RecordingNotifier('slack');
  });
  afterEach(async () => {
    await world.store.close();
    await world.sandbox.close();
  });
  return world;
}

/** The real bot over the world, telling approvers and requesters through `poller`'s outbox. */
export function botOver(world: World, poller: Poller): AccessBot {
  return new AccessBot({
    client: world.client,
    store: world.store,
    log: captureLog().log,
    pendingStatus: 'Pending',
    now: () => world.clock.now(),
    approvers: poller.approvers,
    asks: poller.asks,
    nudgeAfterMs: 24 * 3_600_000,
  });
}
