/**
 * Admission for every Slack request (HTTP and Socket Mode): a Bolt middleware that holds a place
 * while the listener runs, or answers "busy" at once as that kind of request allows, so acks
 * never wait behind work (docs/capacity.md).
 */
import { performance } from 'node:perf_hooks';
import type { AnyMiddlewareArgs, Middleware } from '@slack/bolt';
import { english, type Voice } from '../../src/core/i18n/voice.ts';
import type { Logger } from '../../src/log.ts';
import type { Metrics } from '../../src/metrics.ts';
import type { SlackApi } from './api.ts';
import { busyOption } from './request-form.ts';

export const busyText = (v: Voice) => `:hourglass_flowing_sand: ${v.t('slack.busy')}`;

// A request is tens of milliseconds of work: 64 at once is more than one process turns round,
// four of one person's more than anyone clicks at once.
const MAX_IN_FLIGHT = 64;
const PER_PERSON = 4;

/** Busy notes on response_urls in flight at once; past this a turned-away click gets none. */
const MAX_BUSY_POSTS = 16;
/** Turning requests away is logged once per this period, with a count, not once per request. */
const BUSY_LOG_EVERY_MS = 10_000;

type Kind = 'command' | 'click' | 'submission' | 'options' | 'event' | 'other';
type Body = Record<string, unknown>;

const text = (value: unknown) => (typeof value === 'string' ? value : '');
const field = (value: unknown, key: string) =>
  typeof value === 'object' && value !== null ? (value as Body)[key] : undefined;

function kindOf(body: Body): Kind {
  if (typeof body.command === 'string') return 'command';
  switch (body.type) {
    case 'block_actions':
      return 'click';
    case 'view_submission':
      return 'submission';
    case 'block_suggestion':
      return 'options';
    case 'event_callback':
      return 'event';
    default:
      return 'other';
  }
}

function personOf(body: Body): string {
  return text(body.user_id) || text(field(body.user, 'id')) || text(field(body.event, 'user'));
}

interface AdmissionDeps {
  api: SlackApi;
  log: Logger;
  metrics: Metrics;
  /** The share (0–1) of new requests to take now; all of them unless told (loopLoad). */
  share?: () => number;
  random?: () => number;
  now?: () => number;
  /** The voice a person is turned away in: only what is known already (nothing is asked). */
  voiceOf?: (userId: string) => Voice;
}

export class Admission {
  readonly #d: AdmissionDeps;
  readonly #perPerson = new Map<string, number>();
  #running = 0;
  #busyPosts = 0;
  #idle: Array<() => void> = [];
  #turnedAway = 0;
  #loggedAt = Number.NEGATIVE_INFINITY;

  constructor(deps: AdmissionDeps) {
    this.#d = deps;
  }

  readonly middleware: Middleware<AnyMiddlewareArgs> = async (args) => {
    const body = args.body as unknown as Body;
    const person = personOf(body);
    if (!this.#take(person)) return this.#turnAway(kindOf(body), args);
    try {
      await args.next();
    } finally {
      this.#release(person);
    }
  };

  /** True while some new requests hear "busy": every place is taken, or the loop is short of time. */
  busy(): boolean {
    return this.#running >= MAX_IN_FLIGHT || this.#share() < 1;
  }

  /** Resolves once no listener runs and no busy note is on its way. */
  idle(): Promise<void> {
    if (this.#running + this.#busyPosts === 0) return Promise.resolve();
    return new Promise((resolve) => this.#idle.push(resolve));
  }

  #share(): number {
    return this.#d.share?.() ?? 1;
  }

  #take(person: string): boolean {
    const theirs = this.#perPerson.get(person) ?? 0;
    if (this.#running >= MAX_IN_FLIGHT || theirs >= PER_PERSON) return false;
    const share = this.#share();
    if (share < 1 && (this.#d.random ?? Math.random)() >= share) return false;
    this.#perPerson.set(person, theirs + 1);
    this.#running++;
    return true;
  }

  #release(person: string): void {
    const left = (this.#perPerson.get(person) ?? 1) - 1;
    if (left > 0) this.#perPerson.set(person, left);
    else this.#perPerson.delete(person);
    this.#running--;
    this.#settle();
  }

  #settle(): void {
    if (this.#running + this.#busyPosts > 0) return;
    for (const resolve of this.#idle.splice(0)) resolve();
  }

  /** The busy answer each kind allows; an event was acknowledged by Bolt already. */
  async #turnAway(kind: Kind, args: AnyMiddlewareArgs): Promise<void> {
    this.#d.metrics.errors.inc({ kind: `slack_busy_${kind}` });
    this.#noteTurnedAway();
    if (!('ack' in args) || !args.ack) return;
    const ack = args.ack as (response?: unknown) => Promise<void>;
    const body = args.body as unknown as Body;
    const v = this.#d.voiceOf?.(personOf(body)) ?? english;
    if (kind === 'command') return ack({ response_type: 'ephemeral', text: busyText(v) });
    if (kind === 'options') return ack({ options: [busyOption(v)] });
    if (kind === 'submission') return ack(busyErrors(v, body));
    await ack();
    // A click's ack body is not shown; its response_url is the way back to the person.
    const responseUrl = text(body.response_url);
    if (kind === 'click' && responseUrl) await this.#busyNote(v, responseUrl);
  }

  async #busyNote(v: Voice, responseUrl: string): Promise<void> {
    if (this.#busyPosts >= MAX_BUSY_POSTS) return;
    this.#busyPosts++;
    try {
      await this.#d.api.respond(responseUrl, {
        response_type: 'ephemeral',
        replace_original: false,
        text: busyText(v),
      });
    } catch (error) {
      this.#d.log.debug({ err: error }, 'the busy note did not reach the response_url');
    } finally {
      this.#busyPosts--;
      this.#settle();
    }
  }

  #noteTurnedAway(): void {
    this.#turnedAway++;
    const now = (this.#d.now ?? Date.now)();
    if (now - this.#loggedAt < BUSY_LOG_EVERY_MS) return;
    this.#d.log.warn(
      { turnedAway: this.#turnedAway },
      'busy: Slack requests were turned away; add processes or replicas if this lasts',
    );
    this.#loggedAt = now;
    this.#turnedAway = 0;
  }
}

/** "Busy" under the modal's first input keeps it open with what was typed; no inputs, it closes. */
function busyErrors(v: Voice, body: Body): unknown {
  const values = field(field(body.view, 'state'), 'values');
  const [block] = typeof values === 'object' && values !== null ? Object.keys(values) : [];
  if (!block) return undefined;
  return {
    response_action: 'errors',
    errors: { [block]: v.t('slack.busySubmit') },
  };
}

/*
 * A saturated loop leaves new connections unread in the kernel's queue while the in-flight count
 * still looks short, so admission also takes only a share of new work as the loop's averaged
 * utilisation passes 80 %; a short burst (a GC pause) moves the average too little to matter.
 */
const SAMPLE_MS = 100;
/** Weight of the newest sample: about half a second of memory. */
const SMOOTHING = 0.2;
const ALL_UP_TO = 0.8;
const SATURATED = 0.95;
const MIN_SHARE = 0.05;

function sinceLastCall(): () => number {
  let last = performance.eventLoopUtilization();
  return () => {
    const now = performance.eventLoopUtilization();
    const used = performance.eventLoopUtilization(now, last).utilization;
    last = now;
    return used;
  };
}

/** `sample`: one sample of the loop's utilisation; `share`: the share (0.05–1) of new work to take. */
export function loopLoad(utilisation: () => number = sinceLastCall()) {
  let average = 0;
  return {
    sample: () => {
      average += SMOOTHING * (utilisation() - average);
    },
    share: () => {
      const room = (SATURATED - average) / (SATURATED - ALL_UP_TO);
      return Math.min(1, Math.max(MIN_SHARE, room));
    },
  };
}

/** This process's loop, sampled until `stop`. */
export function watchLoop(): { share: () => number; stop: () => void } {
  const load = loopLoad();
  const timer = setInterval(load.sample, SAMPLE_MS).unref();
  return { share: load.share, stop: () => clearInterval(timer) };
}
