/**
 * Every kind of message accessbot sends on its own, and where a task's go. Each is a notification
 * in the outbox (one per event, platform and recipient), so each is sent exactly once and
 * recovered the same way; the recipient key, the third part of the notification's unique key in
 * the store, carries the kind, so one event may reach one place as two kinds (a channel hears of a
 * task, and later of its escalation). A new kind is an entry here, its message, and the place that
 * decides to send it (`Outbox.send`). A task goes in a direct message to each chat identity of
 * the approver on a platform the bot serves, a post to each channel the rules name, and once it
 * has waited too long, to its escalation.
 */
import type { Task } from '../access/schemas.ts';
import type { StepDestination } from '../core/completer.ts';
import type { Voice, VoiceDefaults } from '../core/i18n/voice.ts';
import { Destination, destinationKey, type Notifier, recipientVoice } from '../core/notifier.ts';
import type { IdentityLink, Notification, Platform } from '../store/store.ts';
import { type Channel, channelsFor, escalationChannelsFor, type NotifyRules } from './rules.ts';

interface KindSpec {
  /** Put before the destination's key in the recipient key. */
  prefix: string;
  /** The metrics label of its post. */
  label: string;
  /** Edited to its task's outcome once the task is decided; else it is never edited. */
  followsTask: boolean;
  /** Its event is a group of tasks, kept (edited, resolved) by its feature's hook, not a task. */
  grouped?: boolean;
}

export const KINDS = {
  /** An approver's task card: buttons, reminders, edited to the outcome. */
  approver: { prefix: '', label: 'new', followsTask: true },
  /** A task posted to a channel the rules name, for information. */
  channel: { prefix: '', label: 'channel', followsTask: true },
  /** A task waiting too long, posted to its escalation channel. */
  escalation: { prefix: 'escalation:', label: 'escalation', followsTask: true },
  /** The requester hears what became of their request. */
  requester: { prefix: 'requester:', label: 'request_outcome', followsTask: false },
  /** A person added to or removed from a group hears of it. */
  member: { prefix: 'member:', label: 'group_change', followsTask: false },
  /** A decided task whose message could not be found again, told in a short note after it. */
  note: { prefix: 'note:', label: 'outcome_note', followsTask: false },
  /**
   * A requester's nudge to an approver about a waiting task, one per round (the recipient key
   * carries it): dropped unsent when the task is decided first, else edited to the outcome.
   */
  nudge: { prefix: 'nudge:', label: 'nudge', followsTask: true },
  /**
   * An approver's question to the requester, one per question (the recipient key carries it):
   * edited to its answer once answered, else to say none is needed once its task is decided.
   */
  question: { prefix: 'question:', label: 'question', followsTask: true },
  /** The asker hears the requester's answer (their card shows it too). */
  answer: { prefix: 'answer:', label: 'answer_note', followsTask: false },
  /**
   * An approver is away: each other approver of the request hears it once per absence (the
   * recipient key carries its person and day), about their own task; edited to its outcome.
   */
  away: { prefix: 'away:', label: 'away_notice', followsTask: true },
  /**
   * An approver's daily digest of their waiting tasks, one per local day (the event carries it:
   * `digest:<accessUserId>:<day>`); never edited: a decision clicked in it is told to the clicker.
   */
  digest: { prefix: 'digest:', label: 'digest', followsTask: false },
  /**
   * An approver's access reviews of one application and level, one card per round (the event
   * carries it: core/reviews/cards.ts); edited as reviews join it and are decided, resolved when
   * none is left.
   */
  review: { prefix: 'review:', label: 'review_card', followsTask: true, grouped: true },
  /** A reviewer reminded of a review card's due date, once per step (the recipient key carries it). */
  reviewReminder: { prefix: 'review-reminder:', label: 'review_reminder', followsTask: false },
  /** A review card past its due date, told its application's owners or escalation channel once. */
  reviewEscalation: {
    prefix: 'review-escalation:',
    label: 'review_escalation',
    followsTask: false,
  },
  /** The audit chain's head, posted to the auditors' channel once a day (audit-head.ts). */
  auditHead: { prefix: 'audit-head:', label: 'audit_head', followsTask: false },
  /** A workflow step's run completed (its "post" is the completion call), once per run. */
  workflow: { prefix: 'workflow:', label: 'workflow_completion', followsTask: false },
} as const satisfies Record<string, KindSpec>;

export type MessageKind = keyof typeof KINDS;

const prefixed = (Object.keys(KINDS) as MessageKind[]).filter((k) => KINDS[k].prefix);

/** The recipient key of a message of `kind` to `to`; `round` tells repeated ones apart. */
export const recipientOf = (kind: MessageKind, to: Destination, round?: string) =>
  `${KINDS[kind].prefix}${round ? `${round}:` : ''}${destinationKey(to)}`;

/** What kind of message a notification is, by its recipient key. */
export function kindOf(recipient: string): MessageKind {
  const kind = prefixed.find((k) => recipient.startsWith(KINDS[k].prefix));
  if (kind) return kind;
  return recipient.startsWith('user:') ? 'approver' : 'channel';
}

export interface Target {
  platform: Platform;
  destination: Destination;
  recipient: string;
  kind: MessageKind;
}

/** A workflow step's run: completed, not posted to anyone. */
export const stepTarget = (platform: Platform, executionId: string) => ({
  platform,
  destination: { kind: 'workflow', executionId } satisfies StepDestination,
  recipient: `${KINDS.workflow.prefix}${executionId}`,
  kind: 'workflow' as const,
});

export const target = (
  platform: Platform,
  destination: Destination,
  kind: MessageKind,
  round?: string,
): Target => ({
  platform,
  destination,
  recipient: recipientOf(kind, destination, round),
  kind,
});

/** The channels among `channels` on a platform served. */
const channelTargets = (
  channels: readonly Channel[],
  served: ReadonlySet<Platform>,
  kind: 'channel' | 'escalation' | 'reviewEscalation',
) =>
  channels
    .filter((c) => served.has(c.platform))
    .map((c) => target(c.platform, { kind: 'channel', channelId: c.channelId }, kind));

/** A direct message of `kind` to each of these chat identities. */
export function directTargets(
  links: readonly IdentityLink[],
  kind: MessageKind = 'approver',
  round?: string,
): Target[] {
  return links.map((link) =>
    target(link.platform, { kind: 'user', chatUserId: link.chatUserId }, kind, round),
  );
}

/** Every target of `task` found in the pending list of the user with these `links`. */
export function targetsFor(
  task: Task,
  links: readonly IdentityLink[],
  rules: NotifyRules,
  served: ReadonlySet<Platform>,
): Target[] {
  return [...directTargets(links), ...channelTargets(channelsFor(task, rules), served, 'channel')];
}

/** Where `task` is escalated, on the platforms served. */
export function escalationTargets(
  task: Task,
  rules: NotifyRules,
  served: ReadonlySet<Platform>,
  kind: 'escalation' | 'reviewEscalation' = 'escalation',
): Target[] {
  return channelTargets(escalationChannelsFor(task, rules), served, kind);
}

/** Whether a notification's event is a task (its message follows that task's outcome). */
export const followsOneTask = (n: Pick<Notification, 'recipient'>) =>
  !('grouped' in KINDS[kindOf(n.recipient)]);

/**
 * The voice a message to `destination` is written in: a channel's is DEFAULT_LOCALE, a
 * person's what their platform's notifier tells (kept by the notifier, so cheap to ask).
 */
export function voiceOf(
  ctx: { notifiers: ReadonlyMap<Platform, Notifier>; voices?: VoiceDefaults | undefined },
  platform: Platform,
  destination: Destination,
): Promise<Voice> {
  return recipientVoice(ctx.notifiers.get(platform)!, destination, ctx.voices);
}

/** Where a notification went: as stored, or (claimed before destinations were) its recipient key. */
export function destinationOf(n: Pick<Notification, 'destination' | 'recipient'>): Destination {
  const stored = Destination.safeParse(n.destination);
  if (stored.success) return stored.data;
  const key = n.recipient.slice(KINDS[kindOf(n.recipient)].prefix.length);
  return key.startsWith('user:')
    ? { kind: 'user', chatUserId: key.slice('user:'.length) }
    : { kind: 'channel', channelId: key.replace(/^channel:/, '') };
}
