/**
 * Whether webhook deliveries can be trusted to bring what happens, as every replica sees it (the
 * times are kept in the store): `healthy` while signed deliveries arrive, `silent` when none came
 * for ACCESS_WEBHOOK_SILENCE, `missed` for a while after a poll found a task a delivery should
 * have announced (the stronger signal: a quiet organisation may legitimately send nothing), `off`
 * without ACCESS_WEBHOOK_SECRET. Only `healthy` lets the poller slow down to the safety sweep; a
 * change is said once, in a log line and the state gauge, and leaving `healthy` brings every
 * person's next poll forward to their own cadence at once.
 */
import type { Cadence, PollScheduleStore, WebhookEvents } from '../store/store.ts';
import { type CadenceSettings, cadenceOf, periodOf } from './cadence.ts';
import type { PollerContext } from './context.ts';
import { phaseOf } from './linked-users.ts';

const WEBHOOK_STATES = ['off', 'healthy', 'silent', 'missed'] as const;
export type WebhookState = (typeof WEBHOOK_STATES)[number];

/** People brought forward at once when the safety sweep ends. */
const HASTEN_PAGE = 2_000;

export interface WebhookWatch {
  /** No delivery for this long: silent. Also how long a missed delivery keeps full polling. */
  silenceMs: number;
}

export function webhookState(
  watch: WebhookWatch | undefined,
  { delivered, missed }: WebhookEvents,
  now: Date,
): WebhookState {
  if (!watch) return 'off';
  const since = (at: Date) => now.getTime() - at.getTime();
  // Back only once a delivery came after the miss and the miss is a silence period old.
  if (missed && (since(missed) < watch.silenceMs || !delivered || delivered <= missed)) {
    return 'missed';
  }
  if (!delivered || since(delivered) >= watch.silenceMs) return 'silent';
  return 'healthy';
}

const said: Record<WebhookState | 'waiting', string> = {
  waiting: 'no webhook delivery yet: polling everyone at full cadence until one arrives',
  off: 'webhooks off (no ACCESS_WEBHOOK_SECRET): people are polled by how active they are',
  healthy: 'webhook deliveries arrive: everyone else is polled at the safety sweep',
  silent: 'no webhook delivery for ACCESS_WEBHOOK_SILENCE: polling everyone at full cadence',
  missed:
    'a webhook delivery was missed (a poll found a task none announced): polling everyone at full cadence',
};

export class WebhookHealth {
  readonly #ctx: PollerContext<PollScheduleStore>;
  readonly #watch: WebhookWatch | undefined;
  readonly #cadences: CadenceSettings;
  #state: WebhookState | undefined;
  #readAt: number | undefined;

  constructor(
    ctx: PollerContext<PollScheduleStore>,
    watch: WebhookWatch | undefined,
    cadences: CadenceSettings,
  ) {
    this.#ctx = ctx;
    this.#watch = watch;
    this.#cadences = cadences;
  }

  /** Webhooks bring what happens: the poller may slow down to the safety sweep. */
  get healthy(): boolean {
    return this.#state === 'healthy';
  }

  get watching(): boolean {
    return this.#watch !== undefined;
  }

  /** A signed delivery came (on this replica). */
  delivered(at: Date): Promise<void> {
    return this.#ctx.store.recordWebhookEvent('delivered', at);
  }

  /** A poll found a task that a delivery should have announced. */
  async missed(at: Date): Promise<void> {
    if (!this.#watch) return;
    await this.#ctx.store.recordWebhookEvent('missed', at);
    await this.refresh();
  }

  /** Reads the shared times again once the last read is `maxAgeMs` old (during a long sweep). */
  async refreshIfOlder(maxAgeMs: number): Promise<void> {
    const now = this.#ctx.clock.now().getTime();
    if (this.#readAt === undefined || now - this.#readAt >= maxAgeMs) await this.refresh();
  }

  /** Reads the shared times; keeps the last state when the store cannot tell. */
  async refresh(): Promise<void> {
    const { store, clock, log, metrics } = this.#ctx;
    const now = clock.now();
    this.#readAt = now.getTime();
    let state: WebhookState;
    let events: WebhookEvents = {};
    try {
      if (this.#watch) events = await store.webhookEvents();
      state = webhookState(this.#watch, events, now);
    } catch (error) {
      log.warn({ err: error }, 'could not read the webhook health; keeping the last state');
      return;
    }
    if (state === this.#state) return;
    const was = this.#state;
    this.#state = state;
    for (const s of WEBHOOK_STATES) metrics.webhookState.set({ state: s }, s === state ? 1 : 0);
    // Before the first delivery ever (a new install, the demo) nothing has gone wrong yet.
    const first = state === 'silent' && !events.delivered;
    const level = (state === 'silent' && !first) || state === 'missed' ? 'warn' : 'info';
    log[level]({ webhooks: state }, first ? said.waiting : said[state]);
    if (was !== undefined) metrics.webhookChanges.inc({ to: state });
    if (state !== 'healthy') await this.#hasten(now);
  }

  /**
   * The people the safety sweep left for later than their own cadence allows are due within it,
   * spread evenly; the others keep their time, so that the change brings no burst of polls. A
   * page at a time, so that memory does not grow with the organisation.
   */
  async #hasten(now: Date): Promise<void> {
    const { store, log } = this.#ctx;
    try {
      let after: string | undefined;
      for (;;) {
        const people = await store.listPollCadences('safety', { after, limit: HASTEN_PAGE });
        const by = Map.groupBy(people, (p) => cadenceOf(false, p.activeAt, now));
        for (const [cadence, group] of by as Map<Cadence, typeof people>) {
          const period = periodOf(this.#cadences, cadence);
          const polls = group.map(({ accessUserId }) => ({
            accessUserId,
            nextDueAt: new Date(now.getTime() + Math.floor(phaseOf(accessUserId) * period)),
          }));
          const within = new Date(now.getTime() + period);
          await store.hastenPolls('safety', cadence, polls, within);
        }
        if (people.length < HASTEN_PAGE) return;
        after = people.at(-1)?.accessUserId;
      }
    } catch (error) {
      // Their next safety poll puts them back on their own cadence.
      log.warn({ err: error }, 'could not bring the polls forward');
    }
  }
}
