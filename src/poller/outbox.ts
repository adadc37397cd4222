/**
 * The outbox: carries out the intents the store holds for each notification — post the message,
 * edit it to the outcome or a reminder, post the reminder's nudge — each one written before the
 * platform call and completed after it. Whoever owns an intent drives it; a replica takes over
 * the intents of one whose heartbeat stopped (within seconds), the ones waiting for a retry, and
 * the ones held too long by a replica alive but stuck. An intent whose outcome is unknown (its
 * owner died mid-call) is first looked for on the platform (`Notifier.find`), and a message
 * found is adopted instead of being sent again.
 */
import { ago, type Clock } from '../core/clock.ts';
import {
  Destination,
  MessageRef,
  type Notifier,
  PlatformUnavailableError,
  RecipientGoneError,
} from '../core/notifier.ts';
import { Reply } from '../core/reply.ts';
import type { Logger } from '../log.ts';
import { backoffDelay } from '../net/retry.ts';
import type {
  Intent,
  IntentEnd,
  Notification,
  NotificationKey,
  NotificationStore,
  Platform,
  ReplicaStore,
} from '../store/store.ts';
import { crashPoint } from './crash-points.ts';
import type { PollerMetrics } from './metrics.ts';
import { roleOf } from './targets.ts';

export interface OutboxSettings {
  /** A replica silent this long is taken for dead. */
  deadAfterMs: number;
  /** An intent held this long by a live replica is taken for stuck. */
  stuckAfterMs: number;
  random: () => number;
}

/** Tries of one intent before it is given up. */
const MAX_ATTEMPTS = 12;
/** A failed call is retried after 2 s, doubling up to 5 minutes. */
const RETRY = { baseDelayMs: 2_000, maxDelayMs: 300_000 };

/** The part of the poller's context the outbox works with. */
export interface OutboxContext {
  store: NotificationStore & ReplicaStore;
  notifiers: ReadonlyMap<Platform, Notifier>;
  clock: Clock;
  log: Logger;
  metrics: PollerMetrics;
  /** This replica's id, written on claims, leases and the intents it drives. */
  owner: string;
}

export const idOf = (k: NotificationKey) => `${k.taskId}\u0000${k.platform}\u0000${k.recipient}`;
const keyOf = (n: NotificationKey): NotificationKey => ({
  taskId: n.taskId,
  platform: n.platform,
  recipient: n.recipient,
});

/** The metrics label of each kind, as before the outbox. */
function kindLabel(n: Notification, intent: Intent): string {
  if (intent.kind === 'post' && roleOf(n.recipient) === 'escalation') return 'escalation';
  if (intent.kind === 'post') return n.destination?.kind === 'channel' ? 'channel' : 'new';
  if (intent.kind === 'follow_up') return 'reminder_follow_up';
  return intent.kind;
}

export class Outbox {
  readonly #ctx: OutboxContext;
  readonly #o: OutboxSettings;
  readonly #inFlight = new Set<string>();
  /** Intents changed while this replica was driving them: looked at again when the drive ends. */
  readonly #again = new Set<string>();

  constructor(ctx: OutboxContext, settings: OutboxSettings) {
    this.#ctx = ctx;
    this.#o = settings;
  }

  /** Keeps this replica's heartbeat; never throws. */
  async beat(): Promise<void> {
    await this.#ctx.store.beat(this.#ctx.owner, this.#ctx.clock.now()).catch((error: unknown) => {
      this.#ctx.log.warn({ err: error }, 'could not renew the heartbeat');
    });
  }

  /** Stopping cleanly: the others may take over at once. Only when nothing is under way. */
  async retire(): Promise<void> {
    if (this.#inFlight.size) return;
    await this.#ctx.store.retire(this.#ctx.owner).catch((error: unknown) => {
      this.#ctx.log.warn({ err: error }, 'could not retire; the heartbeat expires by itself');
    });
  }

  /** Takes over and drives the intents due here; never throws. Resolves with how many. */
  async recover(limit = 50): Promise<number> {
    const { store, clock, owner, notifiers, log } = this.#ctx;
    let taken: Notification[];
    try {
      taken = await store.claimIntents(owner, [...notifiers.keys()], clock.now(), {
        deadBefore: ago(clock, this.#o.deadAfterMs),
        staleBefore: ago(clock, this.#o.stuckAfterMs),
        limit,
      });
    } catch (error) {
      log.error({ err: error }, 'could not read the outbox');
      return 0;
    }
    for (const n of taken) await this.drive(n, false);
    return taken.length;
  }

  /**
   * Drives `n`'s intent while this replica owns it. `fresh`: this replica has just written it,
   * so nothing about it can have reached the platform yet.
   */
  async drive(n: Notification, fresh: boolean, onPosted?: (at: Date) => void): Promise<void> {
    const id = idOf(n);
    if (this.#inFlight.has(id)) {
      this.#again.add(id);
      return;
    }
    this.#inFlight.add(id);
    try {
      let current: Notification | undefined = n;
      let first = fresh;
      while (current) {
        const next = await this.#step(current, first, onPosted);
        first = next?.fresh ?? false;
        current = next?.notification ?? (this.#again.delete(id) ? await this.#read(n) : undefined);
      }
    } catch (error) {
      this.#ctx.log.error({ err: error, ...keyOf(n) }, 'could not carry out a notification');
    } finally {
      this.#inFlight.delete(id);
      this.#again.delete(id);
    }
  }

  /** One platform call and its record; what to drive next, if anything. */
  async #step(
    n: Notification,
    fresh: boolean,
    onPosted?: (at: Date) => void,
  ): Promise<{ notification: Notification | undefined; fresh: boolean } | undefined> {
    const { intent } = n;
    const notifier = this.#ctx.notifiers.get(n.platform);
    if (!intent || intent.owner !== this.#ctx.owner || !notifier) return undefined;
    const reread = async () => ({ notification: await this.#read(n), fresh: false });
    const done = async (end: IntentEnd) => {
      await this.#end(n, intent, end);
      return undefined;
    };
    const tag = { deliveryId: n.deliveryId ?? idOf(n), taskId: n.taskId };
    const labels = { platform: n.platform, kind: kindLabel(n, intent) };
    const sent = () => this.#ctx.metrics.notifications.inc({ ...labels, outcome: 'sent' });
    try {
      if (!n.messageRef) {
        const to = Destination.parse(n.destination);
        if (!(fresh && intent.kind === 'post')) {
          const found = await notifier.find(to, tag, n.claimedAt);
          this.#recovered(n, found.kind === 'found' ? 'adopted' : `${found.kind}_${intent.kind}`);
          if (found.kind === 'found') {
            await this.#ctx.store.markNotificationSent(keyOf(n), found.ref, this.#ctx.clock.now());
            return reread();
          }
          // Decided before any message is known to exist: there is nothing to edit.
          if (intent.kind !== 'post') return done('drop');
        }
        crashPoint?.('claimed');
        const ref = await notifier.post(to, Reply.parse(intent.body.message), tag);
        crashPoint?.('posted');
        const at = this.#ctx.clock.now();
        await this.#ctx.store.markNotificationSent(keyOf(n), ref, at);
        crashPoint?.('saved');
        sent();
        onPosted?.(at);
        // Read back: the task may have been decided (by any replica) while it was being posted.
        return reread();
      }
      const ref = MessageRef.parse(n.messageRef);
      const message = Reply.parse(intent.body.message);
      switch (intent.kind) {
        case 'post':
          return done('done');
        case 'outcome':
        case 'refresh':
        case 'reminder': {
          const reminder = intent.kind === 'reminder';
          crashPoint?.(reminder ? 'reminder-requested' : 'outcome-requested');
          await notifier.update(ref, message);
          crashPoint?.(reminder ? 'reminder-updated' : 'updated');
          sent();
          if (!reminder) return done('done');
          if (!(await this.#end(n, intent, 'follow_up'))) return reread();
          const next = { ...intent, kind: 'follow_up' as const, seq: intent.seq + 1 };
          return { notification: { ...n, intent: next }, fresh: true };
        }
        case 'follow_up': {
          const nudge = { ...tag, deliveryId: `${tag.deliveryId}:${n.remindedAt?.getTime()}` };
          if (!fresh) {
            const found = await notifier.find(ref, nudge, n.remindedAt ?? n.claimedAt);
            this.#recovered(n, found.kind === 'found' ? 'adopted' : `${found.kind}_follow_up`);
            if (found.kind === 'found') return done('done');
          }
          await notifier.followUp(ref, Reply.parse(intent.body.followUp), nudge);
          crashPoint?.('followed-up');
          sent();
          return done('done');
        }
      }
    } catch (error) {
      await this.#failed(n, intent, labels, error);
      return undefined;
    }
  }

  /** A gone recipient ends it; any other failure is retried later, up to the limit. */
  async #failed(n: Notification, intent: Intent, labels: Record<string, string>, error: unknown) {
    const { log, metrics, clock } = this.#ctx;
    const key = keyOf(n);
    if (error instanceof RecipientGoneError) {
      metrics.notifications.inc({ ...labels, outcome: 'gone' });
      // A channel of the rules the bot was never invited to is the admin's to fix: say so loudly.
      const level = error.code === 'NOT_IN_CHANNEL' ? 'warn' : 'info';
      log[level]({ err: error, ...key, kind: labels.kind }, 'the recipient is gone');
      await this.#end(n, intent, 'drop');
      return;
    }
    metrics.notifications.inc({ ...labels, outcome: 'failed' });
    const attempts = intent.attempts + 1;
    if (attempts >= MAX_ATTEMPTS) {
      metrics.deliveryGiveUps.inc({ platform: n.platform, kind: labels.kind ?? intent.kind });
      log.error(
        { err: error, ...key, kind: labels.kind, attempts },
        'gave up a message after every retry failed; it is missing or out of date',
      );
      await this.#end(n, intent, 'drop');
      return;
    }
    // A platform that said how long to leave it alone (Retry-After) is not asked again sooner.
    const asked = error instanceof PlatformUnavailableError ? (error.retryAfterMs ?? 0) : 0;
    const delay = Math.max(asked, backoffDelay(RETRY, attempts, this.#o.random));
    log.warn(
      { err: error, ...key, kind: labels.kind, attempts, retryInMs: Math.round(delay) },
      'could not post or update a message; retrying',
    );
    await this.#ctx.store.postponeIntent(
      key,
      this.#ctx.owner,
      intent.seq,
      new Date(clock.now().getTime() + delay),
    );
  }

  #end(n: Notification, intent: Intent, end: IntentEnd): Promise<boolean> {
    const { store, owner, clock } = this.#ctx;
    return store.completeIntent(keyOf(n), owner, intent.seq, end, clock.now());
  }

  #recovered(n: Notification, outcome: string): void {
    this.#ctx.metrics.deliveryRecoveries.inc({ platform: n.platform, outcome });
    this.#ctx.log.warn(
      { ...keyOf(n), claimedBy: n.claimedBy, outcome },
      'took over an unfinished message of another replica (or a failed try)',
    );
  }

  async #read(n: Notification): Promise<Notification | undefined> {
    const all = await this.#ctx.store.listNotifications({ taskIds: [n.taskId] });
    return all.find((m) => idOf(m) === idOf(n));
  }
}
