/**
 * Between Slack's receiver (HTTP or Socket Mode) and Bolt: every request that causes work after
 * its ack — a slash command, a click, an Events API callback — is admitted to the work queue or
 * turned away *before* Bolt sees it. Admitted, it is acknowledged at once and its work waits for
 * a slot; turned away, its person hears straight away that accessbot is busy (in the ack of a
 * command, on the response_url of a click) instead of getting a late answer. Requests whose
 * answer *is* the ack (modal submissions, option loads) go to Bolt as they are.
 *
 * The receiver keeps doing what it does — signature, body, retries, the 3 s rule — and hands
 * its events to `gate(app)` instead of the app.
 */
import type { App, Receiver, ReceiverEvent } from '@slack/bolt';
import type { Logger } from '../../src/log.ts';
import type { Metrics } from '../../src/metrics.ts';
import type { SlackApi } from './api.ts';
import { acknowledged, Inflight } from './inflight.ts';
import type { Ticket, WorkQueue } from './work-queue.ts';

export const BUSY_TEXT =
  ":hourglass_flowing_sand: I'm busy right now and could not take that. Please try again in a moment.";

/** Busy notes on response_urls in flight at once; past this a turned-away click gets none. */
const MAX_BUSY_POSTS = 16;
/** Turning requests away is logged once per this period, with a count, not once per request. */
const BUSY_LOG_EVERY_MS = 10_000;

type Job = { kind: 'command' | 'click' | 'event'; person: string; responseUrl?: string };

/** The work a request causes after its ack; undefined when its listener answers in the ack. */
function jobOf(body: Record<string, unknown>): Job | undefined {
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  if (typeof body.command === 'string') return { kind: 'command', person: text(body.user_id) };
  if (body.type === 'block_actions') {
    const user = body.user as { id?: unknown } | undefined;
    return { kind: 'click', person: text(user?.id), responseUrl: text(body.response_url) };
  }
  if (body.type === 'event_callback') {
    const event = body.event as { user?: unknown } | undefined;
    return { kind: 'event', person: text(event?.user) };
  }
  return undefined;
}

export interface AdmissionDeps {
  queue: WorkQueue;
  api: SlackApi;
  log: Logger;
  metrics: Metrics;
  now?: () => number;
}

export class Admission {
  readonly #d: AdmissionDeps;
  readonly #inflight = new Inflight();
  /** Requests decided by `reserve` before they reached `gate`: their place, or 'refused'. */
  readonly #decided = new WeakMap<object, Ticket | 'refused'>();
  #busyPosts = 0;
  #turnedAway = 0;
  #loggedAt = Number.NEGATIVE_INFINITY;

  constructor(deps: AdmissionDeps) {
    this.#d = deps;
  }

  /** What a receiver is given in place of the app. */
  gate(app: App): App {
    const processEvent = (event: ReceiverEvent) => {
      const job = jobOf(event.body);
      const work = job ? this.#admit(app, event, job) : app.processEvent(event);
      this.#inflight.track(work);
      return work;
    };
    return { processEvent } as unknown as App;
  }

  /**
   * Decides now whether this request will run: a place is taken for it, or it will be turned
   * away. The receiver asks before anything costly (the replay guard writes to the store): when
   * the process is short of time, a request that will only hear "busy" should cost as little as
   * possible. The decision is made once; `gate` keeps to it.
   */
  reserve(body: Record<string, unknown>): boolean {
    const job = jobOf(body);
    if (!job) return true;
    const ticket = this.#d.queue.admit(job.person);
    this.#decided.set(body, ticket ?? 'refused');
    return ticket !== undefined;
  }

  /** Gives back the place `reserve` took: the request will not be handed over (a replay). */
  release(body: Record<string, unknown>): void {
    const decided = this.#decided.get(body);
    this.#decided.delete(body);
    if (decided && decided !== 'refused') decided.cancel();
  }

  /** Resolves once every admitted job and every request handed to Bolt has finished. */
  async idle(): Promise<void> {
    await this.#d.queue.idle();
    await this.#inflight.idle();
  }

  async #admit(app: App, event: ReceiverEvent, job: Job): Promise<void> {
    const ticket = this.#ticketFor(event.body, job.person);
    if (!ticket) return this.#turnAway(event, job);
    // The ack leaves before the work starts or waits: Slack drops answers slower than 3 s.
    await event.ack();
    await ticket.run(() => app.processEvent({ ...event, ack: acknowledged }));
  }

  /** The place `reserve` decided on for this request, or one asked for now (Socket Mode). */
  #ticketFor(body: Record<string, unknown>, person: string): Ticket | undefined {
    const decided = this.#decided.get(body);
    if (decided === undefined) return this.#d.queue.admit(person);
    this.#decided.delete(body);
    return decided === 'refused' ? undefined : decided;
  }

  async #turnAway(event: ReceiverEvent, job: Job): Promise<void> {
    this.#d.metrics.errors.inc({ kind: `slack_busy_${job.kind}` });
    this.#noteTurnedAway();
    if (job.kind === 'command') {
      await event.ack({ response_type: 'ephemeral', text: BUSY_TEXT });
      return;
    }
    await event.ack();
    // A click's ack body is not shown; its response_url is the way back to the person.
    if (job.kind !== 'click' || !job.responseUrl || this.#busyPosts >= MAX_BUSY_POSTS) return;
    this.#busyPosts++;
    try {
      await this.#d.api.respond(job.responseUrl, {
        response_type: 'ephemeral',
        replace_original: false,
        text: BUSY_TEXT,
      });
    } catch (error) {
      this.#d.log.debug({ err: error }, 'the busy note did not reach the response_url');
    } finally {
      this.#busyPosts--;
    }
  }

  #noteTurnedAway(): void {
    this.#turnedAway++;
    const now = (this.#d.now ?? Date.now)();
    if (now - this.#loggedAt < BUSY_LOG_EVERY_MS) return;
    this.#d.log.warn(
      { turnedAway: this.#turnedAway },
      'busy: Slack requests were turned away (the work queue is full); add processes or replicas if this lasts',
    );
    this.#loggedAt = now;
    this.#turnedAway = 0;
  }
}

/** A receiver whose events pass through `admission` before they reach the app. */
export class AdmittingReceiver implements Receiver {
  readonly #inner: Receiver;
  readonly #admission: Admission;

  constructor(inner: Receiver, admission: Admission) {
    this.#inner = inner;
    this.#admission = admission;
  }

  init(app: App): void {
    this.#inner.init(this.#admission.gate(app));
  }

  start(...args: unknown[]): Promise<unknown> {
    return this.#inner.start(...args);
  }

  stop(...args: unknown[]): Promise<unknown> {
    return this.#inner.stop(...args);
  }
}
