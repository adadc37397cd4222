/**
 * The outbox: carries out the intents the store holds for each notification — post a message of
 * any kind (targets.ts), edit it to the outcome, a reminder, what came in late or another
 * approver's "looking at it" mark, post the reminder's nudge — each one
 * written before the platform call and completed after it. Whoever owns an intent drives it; a
 * replica takes over the intents of one whose heartbeat stopped (within seconds), the ones
 * waiting for a retry, and the ones held too long by a replica alive but stuck. A message whose
 * post was started but whose reference was never stored (its owner died mid-call) is first
 * looked for on the platform (`Notifier.find`): a message found is adopted instead of being sent
 * again; one that cannot be looked for is never posted again, and once its task is decided a
 * short note tells the outcome after it.
 */
import { ago } from '../core/clock.ts';
import { Destination, type Lookup, MessageRef, type Notifier } from '../core/notifier.ts';
import { Reply } from '../core/reply.ts';
import type { Intent, IntentEnd, Notification } from '../store/store.ts';
import { completeStep } from './completion.ts';
import {
  claimOf,
  countSent,
  idOf,
  keyOf,
  kindLabel,
  nudgeTagOf,
  type OutboxContext,
  type Outgoing,
  tagOf,
} from './notification.ts';
import { failed, type Labels, lostTrack } from './outbox-failures.ts';
import { kindOf, target } from './targets.ts';

export interface OutboxSettings {
  /** A replica silent this long is taken for dead. */
  deadAfterMs: number;
  /** An intent held this long by a live replica is taken for stuck. */
  stuckAfterMs: number;
  random: () => number;
}

/** Tries of a look-up before accessbot stops looking, and never posts that message again. */
const FIND_TRIES = 3;
type Next = { notification: Notification | undefined; fresh: boolean } | undefined;

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
   * Sends `out` once, ever: claims its notification with a `post` intent (one replica wins, and
   * never twice for the same event, platform and recipient), then posts it — or, when it is
   * due later, leaves it for whichever replica is there then. Whatever happens after the claim,
   * the outbox finishes it. True when this call claimed it; `on.claimed` runs then (before the
   * post), `on.posted` once the message's reference is stored.
   */
  async send(
    out: Outgoing,
    on: { claimed?: () => Promise<void>; posted?: (at: Date) => void } = {},
  ): Promise<boolean> {
    const { store, clock, owner } = this.#ctx;
    const { claim, claimed } = claimOf(out, owner, clock.now());
    if (!(await store.claimNotification(claim))) return false;
    await on.claimed?.();
    if (claimed.intent?.owner) await this.drive(claimed, true, on.posted);
    return true;
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
  async #step(n: Notification, fresh: boolean, onPosted?: (at: Date) => void): Promise<Next> {
    const { intent } = n;
    const notifier = this.#ctx.notifiers.get(n.platform);
    if (!intent || intent.owner !== this.#ctx.owner || !notifier) return undefined;
    const labels = { platform: n.platform, kind: kindLabel(n, intent) };
    try {
      if (kindOf(n.recipient) === 'workflow') {
        const end = await completeStep(this.#ctx, n, intent);
        return end ? this.#done(n, intent, end) : this.#reread(n);
      }
      if (!n.messageRef) return await this.#unsent(n, intent, notifier, onPosted);
      const ref = MessageRef.parse(n.messageRef);
      const message = Reply.parse(intent.body.message);
      const sent = () => countSent(this.#ctx, n, intent);
      switch (intent.kind) {
        case 'post':
          return this.#done(n, intent, 'done');
        case 'outcome':
        case 'refresh':
        case 'look':
        case 'reminder': {
          await notifier.update(ref, message);
          sent();
          if (intent.kind !== 'reminder') return this.#done(n, intent, 'done');
          if (!(await this.#end(n, intent, 'follow_up'))) return this.#reread(n);
          const next = { ...intent, kind: 'follow_up' as const, seq: intent.seq + 1 };
          return { notification: { ...n, intent: next }, fresh: true };
        }
        case 'follow_up': {
          const nudge = nudgeTagOf(n);
          if (!fresh) {
            const found = await this.#find(n, intent, () =>
              notifier.find(ref, nudge, n.remindedAt ?? n.claimedAt),
            );
            if (found !== 'absent' && found !== 'unknown') return found;
          }
          await notifier.followUp(ref, Reply.parse(intent.body.followUp), nudge);
          sent();
          return this.#done(n, intent, 'done');
        }
      }
    } catch (error) {
      await this.#failed(n, intent, labels, error);
      return undefined;
    }
  }

  /**
   * An intent on a message whose reference is not known: post it, unless it may be on the
   * platform already (its post was started) — then look for it first, and adopt it when found.
   * An outcome of a message never posted tells nothing; of one that may exist but cannot be
   * found, a short note after it.
   */
  async #unsent(
    n: Notification,
    intent: Intent,
    notifier: Notifier,
    onPosted?: (at: Date) => void,
  ): Promise<Next> {
    const outcome = intent.kind === 'outcome';
    if (n.lostAt) return outcome ? this.#note(n, intent) : this.#done(n, intent, 'done');
    const to = Destination.parse(n.destination);
    if (n.triedAt) {
      const found = await this.#find(n, intent, () => notifier.find(to, tagOf(n), n.claimedAt));
      if (found === 'unknown' && outcome) return this.#note(n, intent);
      if (found !== 'absent' && found !== 'unknown') return found;
    }
    // Never posted, or known not to be: there is nothing to edit.
    if (outcome || intent.kind !== 'post') return this.#done(n, intent, 'drop');
    const { store, owner, clock } = this.#ctx;
    if (!(await store.markPostTried(keyOf(n), owner, intent.seq, clock.now()))) {
      return this.#reread(n);
    }
    const ref = await notifier.post(to, Reply.parse(intent.body.message), tagOf(n));
    const unrecorded = this.#ctx.metrics.unrecordedSeconds.startTimer({ platform: n.platform });
    const at = clock.now();
    await store.markNotificationSent(keyOf(n), ref, at);
    unrecorded();
    countSent(this.#ctx, n, intent);
    onPosted?.(at);
    // Read back: the task may have been decided (by any replica) while it was being posted.
    return this.#reread(n);
  }

  /**
   * Looks for the message of a post or follow-up that may have been made: found, it is adopted
   * (and the drive goes on with it); `absent` or `unknown` (the platform cannot look) is the
   * caller's. A look-up that keeps failing ends the intent without posting (`lost`).
   */
  async #find(
    n: Notification,
    intent: Intent,
    look: () => Promise<Lookup>,
  ): Promise<Next | 'absent' | 'unknown'> {
    let found: Lookup;
    try {
      found = await look();
    } catch (error) {
      // Retried like any failure, FIND_TRIES times in all; then never posted again.
      if (intent.attempts + 1 < FIND_TRIES) throw error;
      return this.#loseTrack(n, intent, error);
    }
    this.#recovered(n, found.kind === 'found' ? 'adopted' : `${found.kind}_${intent.kind}`);
    if (found.kind !== 'found') return found.kind;
    if (intent.kind === 'follow_up') return this.#done(n, intent, 'done');
    await this.#ctx.store.markNotificationSent(keyOf(n), found.ref, this.#ctx.clock.now());
    return this.#reread(n);
  }

  /** The platform could not be asked whether the message exists: it is never posted again. */
  async #loseTrack(n: Notification, intent: Intent, error: unknown): Promise<Next> {
    lostTrack(this.#ctx, n, intent, error);
    if (intent.kind === 'outcome') return this.#note(n, intent);
    // A follow-up is let go; the card it follows is known and stays editable.
    return this.#done(n, intent, intent.kind === 'post' ? 'lost' : 'done');
  }

  /** The decided task's note, posted after the message that cannot be edited; once. */
  async #note(n: Notification, intent: Intent): Promise<Next> {
    const note = intent.body.note;
    if (note) {
      const to = Destination.parse(n.destination);
      await this.send({
        event: n.taskId,
        target: target(n.platform, to, 'note'),
        accessUserId: n.accessUserId,
        message: Reply.parse(note),
      });
    }
    return this.#done(n, intent, 'lost');
  }

  async #done(n: Notification, intent: Intent, end: IntentEnd): Promise<Next> {
    await this.#end(n, intent, end);
    return undefined;
  }

  async #reread(n: Notification): Promise<Next> {
    return { notification: await this.#read(n), fresh: false };
  }

  /** A gone recipient ends it; any other failure is retried later, up to the limit. */
  async #failed(n: Notification, intent: Intent, labels: Labels, error: unknown) {
    const end = await failed(this.#ctx, this.#o.random, { n, intent, labels, error });
    if (end) await this.#end(n, intent, end);
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
