/** The records the store keeps, as zod schemas: every record read back is checked, not trusted. */
import { z } from 'zod';

export const Platform = z.enum(['slack', 'teams', 'shell']);
export type Platform = z.infer<typeof Platform>;

/** A chat user linked to an Access Service user through their e-mail address. */
export const IdentityLink = z.object({
  platform: Platform,
  chatUserId: z.string().min(1),
  accessUserId: z.string().min(1),
  /** Stored lower-cased: links are matched case-insensitively. */
  email: z.string().min(1),
  displayName: z.string().nullable(),
  linkedAt: z.date(),
});
export type IdentityLink = z.infer<typeof IdentityLink>;

/** A JSON object kept as given: message references, conversation references. */
export const JsonObject = z.record(z.string(), z.unknown());
export type JsonObject = z.infer<typeof JsonObject>;

/** Names one notification: at most one message per event, platform and recipient. */
export const NotificationKey = z.object({
  /** The event: a task's id, or a request's or a group change's (src/poller/targets.ts). */
  taskId: z.string().min(1),
  platform: Platform,
  /** Where and what kind, e.g. `user:U123`, `channel:C42`, `requester:user:U123`. */
  recipient: z.string().min(1),
});
export type NotificationKey = z.infer<typeof NotificationKey>;

/**
 * What is left to do for a notification (an outbox): `post` it; edit it to the `outcome`, a
 * `reminder`, a `refresh` with news, or a `look` mark; `follow_up`: the reminder's nudge under it.
 */
/** Optional, read back from a null column. */
const unset = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => value ?? undefined, schema.optional());

const IntentKind = z.enum(['post', 'outcome', 'reminder', 'follow_up', 'refresh', 'look']);

/** Neutral reply model as JSON; `note` is posted instead of the edit when the message is gone. */
export const IntentBody = z.object({
  message: JsonObject,
  followUp: JsonObject.optional(),
  note: JsonObject.optional(),
});
export type IntentBody = z.infer<typeof IntentBody>;

export const Intent = z.object({
  kind: IntentKind,
  body: IntentBody,
  /** The replica carrying it out; null while it waits for a retry any replica may take. */
  owner: z.string().nullable(),
  ownedAt: z.date().nullable(),
  dueAt: z.date(),
  attempts: z.number().int().nonnegative(),
  /** Fencing token: changes whenever the intent is replaced or changes hands. */
  seq: z.number().int().nonnegative(),
});
export type Intent = z.infer<typeof Intent>;

/** A new notification with its first intent (`post`), written before the message is sent. */
export const NotificationClaim = NotificationKey.extend({
  /** The Access user in whose pending list the task was found. */
  accessUserId: z.string().min(1),
  claimedAt: z.date(),
  claimedBy: z.string().min(1),
  /** Carried by the message (Slack: its metadata), so it can be found again after a crash. */
  deliveryId: z.string().min(1),
  /** The notifier's Destination. */
  destination: JsonObject,
  body: IntentBody,
  /** Set for a message that is never edited afterwards: no decision is waited for. */
  resolvedAt: z.date().optional(),
  /** Later than `claimedAt`: the message waits until then (working hours), in no one's hands. */
  dueAt: z.date().optional(),
  /** What its message shows, for a card edited whenever that changes. */
  shownVersion: z.number().int().nonnegative().optional(),
});
export type NotificationClaim = z.infer<typeof NotificationClaim>;

export const Notification = NotificationKey.extend({
  accessUserId: z.string().min(1),
  claimedAt: z.date(),
  claimedBy: z.string().min(1),
  /** Null for notifications claimed before intents were stored. */
  deliveryId: z.string().nullable(),
  destination: JsonObject.nullable(),
  /** The adapter's MessageRef; null until sent. */
  messageRef: JsonObject.nullable(),
  sentAt: z.date().nullable(),
  /** When its post was last started; null: never, so nothing of it can be on the platform. */
  triedAt: z.date().nullable(),
  /** When accessbot gave up finding its message: never posted again; a decision gets a note. */
  lostAt: z.date().nullable(),
  remindedAt: z.date().nullable(),
  /** Set once the task is decided (its `outcome` intent written), or the recipient is gone. */
  resolvedAt: z.date().nullable(),
  /** When the "looking at it" mark the card shows ends; null when it shows none. */
  lookEndsAt: z.date().nullable(),
  /** Moves on when the card's context changes; an edit is due while `shownVersion` is behind. */
  cardVersion: z.number().int().nonnegative(),
  shownVersion: z.number().int().nonnegative(),
  /** Moves on with every intent written, ended or handed over: the row is as read while it holds. */
  intentSeq: z.number().int().nonnegative(),
  intent: Intent.nullable(),
});
export type Notification = z.infer<typeof Notification>;

/** `drop`: also resolve; `lost`: done, and the message is never posted again. */
export type IntentEnd = 'done' | 'drop' | 'follow_up' | 'lost';

export const BotRequest = z.object({
  /** The id of the access the request created; for one known by a task naming none, the task's. */
  accessId: z.string().min(1),
  accessUserId: z.string().min(1),
  workAppId: z.string().min(1),
  /** Empty when the service did not say. */
  taskIds: z.array(z.string().min(1)),
  requestedAt: z.date(),
  /** Who filed it for `accessUserId` (the service records only whom it is for); absent: they did. */
  filedBy: unset(z.string().min(1)),
  filedByName: unset(z.string().min(1)),
});
export type BotRequest = z.infer<typeof BotRequest>;

/** `seen`: found through one of its approvers' tasks. */
const RequestSource = z.enum(['bot', 'seen']);

/** A request as its requester's list shows it: every task known for it, and its last nudge. */
export const KnownRequest = BotRequest.extend({
  via: RequestSource,
  nudgedAt: z.date().nullable(),
});
export type KnownRequest = z.infer<typeof KnownRequest>;

/** An approver's "looking at it" mark on the cards of a request (or of a task). */
export const Look = z.object({
  /** The request's access id; the task's own id when the task names no request. */
  subject: z.string().min(1),
  taskId: z.string().min(1),
  accessUserId: z.string().min(1),
  name: z.string().min(1),
  sinceAt: z.date(),
  untilAt: z.date(),
});
export type Look = z.infer<typeof Look>;

/** `active`: something happened lately; `safety`: the slow sweep while webhooks are healthy. */
export const Cadence = z.enum(['active', 'quiet', 'safety']);
export type Cadence = z.infer<typeof Cadence>;

/** Why a person is due; `chat`: they did something (made a request, went away). */
export const PollReason = z.enum(['new', 'sweep', 'retry', 'webhook', 'chat']);
export type PollReason = z.infer<typeof PollReason>;

export const DuePoll = z.object({
  accessUserId: z.string().min(1),
  cadence: Cadence,
  reason: PollReason,
  /** When something last happened to them (a task found, a request made). */
  activeAt: z.date().nullable(),
  polledAt: z.date().nullable(),
});
export type DuePoll = z.infer<typeof DuePoll>;

/** A finished poll and the next: unset `cadence` stays as before, unset `reason` is `sweep`. */
export const CompletedPoll = z.object({
  accessUserId: z.string().min(1),
  nextDueAt: z.date(),
  cadence: Cadence.optional(),
  reason: z.enum(['sweep', 'retry']).optional(),
  activeAt: z.date().optional(),
  polledAt: z.date().optional(),
});
export type CompletedPoll = z.infer<typeof CompletedPoll>;

/** Last signed delivery, and last delivery found missing. */
export const WebhookEvent = z.enum(['delivered', 'missed']);
export type WebhookEvent = z.infer<typeof WebhookEvent>;
export type WebhookEvents = Partial<Record<WebhookEvent, Date>>;

/** Which waits the report counts: those that began in the period; open ones up to `asOf`. */
export interface WaitPeriod {
  since: Date;
  /** Exclusive. */
  until: Date;
  /** Open waits count up to it. */
  asOf: Date;
}
