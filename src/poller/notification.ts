/**
 * A notification's names and what it carries: its key and id, the tag that finds its message
 * again, its metrics label, and the claim that writes a new one with its `post` intent; and what
 * the outbox that carries it out works with.
 */
import { randomUUID } from 'node:crypto';
import type { Clock } from '../core/clock.ts';
import type { StepCompleter, StepCompletion } from '../core/completer.ts';
import type { Notifier } from '../core/notifier.ts';
import type { Reply } from '../core/reply.ts';
import type { Logger } from '../log.ts';
import type {
  Intent,
  Notification,
  NotificationClaim,
  NotificationKey,
  NotificationStore,
  Platform,
  ReplicaStore,
} from '../store/store.ts';
import type { PollerMetrics } from './metrics.ts';
import { KINDS, kindOf, type stepTarget, type Target } from './targets.ts';

/** The part of the poller's context the outbox works with. */
export interface OutboxContext {
  store: NotificationStore & ReplicaStore;
  notifiers: ReadonlyMap<Platform, Notifier>;
  /** The platforms' workflow steps, completed as their `workflow` notifications' posts. */
  completers?: ReadonlyMap<Platform, StepCompleter>;
  clock: Clock;
  log: Logger;
  metrics: PollerMetrics;
  /** This replica's id, written on claims, leases and the intents it drives. */
  owner: string;
}

/** A message to send once: the event it tells of, where it goes, and what it says. */
export interface Outgoing {
  /** The event's id: a task's, a request's, a group change's. */
  event: string;
  target: Target | ReturnType<typeof stepTarget>;
  /** The Access user whose task, request or change it is. */
  accessUserId: string;
  /** A workflow step's: its completion. */
  message: Reply | StepCompletion;
  /** Later than now: it waits until then (an approver's working hours), for any replica. */
  notBefore?: Date;
  /** What its message shows (`versionOf`), for a card edited whenever that changes. */
  shownVersion?: number;
}

/** A short fingerprint of what a message says: an edit is due when it differs from the shown. */
export function versionOf(message: Reply): number {
  let hash = 0x811c9dc5;
  for (const char of JSON.stringify(message)) {
    hash = Math.imul(hash ^ (char.codePointAt(0) ?? 0), 0x01000193);
  }
  return (hash >>> 1) & 0x3fffffff;
}

export const idOf = (k: NotificationKey) => `${k.taskId}\u0000${k.platform}\u0000${k.recipient}`;
export const keyOf = (n: NotificationKey): NotificationKey => ({
  taskId: n.taskId,
  platform: n.platform,
  recipient: n.recipient,
});

/** The metrics label of each kind, as before the outbox. */
export function kindLabel(n: Notification, intent: Intent): string {
  if (intent.kind === 'post') return KINDS[kindOf(n.recipient)].label;
  if (intent.kind === 'follow_up') return 'reminder_follow_up';
  return intent.kind;
}

/** A platform call made for `intent`, counted by platform and kind. */
export function countSent(ctx: Pick<OutboxContext, 'metrics'>, n: Notification, intent: Intent) {
  ctx.metrics.notifications.inc({
    platform: n.platform,
    kind: kindLabel(n, intent),
    outcome: 'sent',
  });
}

/** What a message carries so that `find` can find it again. */
export const tagOf = (n: Notification) => ({
  deliveryId: n.deliveryId ?? idOf(n),
  taskId: n.taskId,
});

/** A reminder's nudge: one per reminder, so a later reminder's nudge is found apart. */
export const nudgeTagOf = (n: Notification) => ({
  ...tagOf(n),
  deliveryId: `${tagOf(n).deliveryId}:${n.remindedAt?.getTime()}`,
});

/** The claim of `out` by `owner`, and the notification it makes once it wins. */
export function claimOf(out: Outgoing, owner: string, now: Date) {
  const { platform, recipient, destination, kind } = out.target;
  const waits = out.notBefore !== undefined && out.notBefore > now;
  const claim: NotificationClaim = {
    taskId: out.event,
    platform,
    recipient,
    accessUserId: out.accessUserId,
    claimedAt: now,
    claimedBy: owner,
    deliveryId: randomUUID(),
    destination,
    body: { message: out.message },
    // Never edited: no decision is waited for, and nothing lists it as open.
    ...(!KINDS[kind].followsTask && { resolvedAt: now }),
    ...(waits && { dueAt: out.notBefore }),
    ...(out.shownVersion !== undefined && { shownVersion: out.shownVersion }),
  };
  const { body, resolvedAt, dueAt, shownVersion = 0, ...rest } = claim;
  const intent: Intent = {
    kind: 'post',
    body,
    owner: waits ? null : owner,
    ownedAt: waits ? null : now,
    dueAt: dueAt ?? now,
    attempts: 0,
    seq: 1,
  };
  const claimed: Notification = {
    ...rest,
    deliveryId: claim.deliveryId,
    resolvedAt: resolvedAt ?? null,
    messageRef: null,
    sentAt: null,
    triedAt: null,
    lostAt: null,
    remindedAt: null,
    lookEndsAt: null,
    cardVersion: 0,
    shownVersion,
    intentSeq: intent.seq,
    intent,
  };
  return { claim, claimed };
}
