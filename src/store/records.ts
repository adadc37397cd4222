/**
 * The records the store keeps, as zod schemas: every record read back is checked, not trusted.
 */
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
  /** The event it tells of: a task's id, or a request's or a group change's (src/poller/kinds.ts). */
  taskId: z.string().min(1),
  platform: Platform,
  /**
   * The poller's name for where it goes and what kind of message it is, e.g. `user:U123`,
   * `channel:C42`, `requester:user:U123`.
   */
  recipient: z.string().min(1),
});
export type NotificationKey = z.infer<typeof NotificationKey>;

/**
 * What is left to do for a notification, stored before the platform is called and completed
 * after (an outbox): `post` the message, `outcome` (edit it to the task's outcome), `reminder`
 * (edit it to a reminder), `follow_up` (the reminder's nudge under it), `refresh` (edit it to
 * the same task with what came in after it was sent), `look` (edit a card to show, or no longer
 * show, that another approver is looking at its task).
 */
const IntentKind = z.enum(['post', 'outcome', 'reminder', 'follow_up', 'refresh', 'look']);

/**
 * The messages an intent sends, in the neutral reply model (kept as JSON here): the message or
 * its new content; a reminder's nudge; an outcome's short note, posted instead of the edit when
 * the message cannot be found.
 */
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
  /** When it may be tried (again). */
  dueAt: z.date(),
  /** Failed tries so far. */
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
  /** The replica that claimed it. */
  claimedBy: z.string().min(1),
  /** Carried by the message (Slack: its metadata), so it can be found again after a crash. */
  deliveryId: z.string().min(1),
  /** Where it goes: the notifier's Destination. */
  destination: JsonObject,
  body: IntentBody,
  /** Set for a message that is never edited afterwards: no decision is waited for. */
  resolvedAt: z.date().optional(),
  /** Later than `claimedAt`: the message waits until then (working hours), in no one's hands. */
  dueAt: z.date().optional(),
});
export type NotificationClaim = z.infer<typeof NotificationClaim>;

/** A notification and what became of it. */
export const Notification = NotificationKey.extend({
  accessUserId: z.string().min(1),
  /** When it was first claimed; never changes. */
  claimedAt: z.date(),
  claimedBy: z.string().min(1),
  /** Null for notifications claimed before intents were stored. */
  deliveryId: z.string().nullable(),
  destination: JsonObject.nullable(),
  /** The sent message's reference (the adapter's MessageRef); null until it is sent. */
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
  /**
   * Moved on whenever what a card shows around its task changes (a question, its answer, an
   * approver away); the card is due an edit while `shownVersion`, what it shows, is behind.
   */
  cardVersion: z.number().int().nonnegative(),
  shownVersion: z.number().int().nonnegative(),
  /** What is left to do; null when nothing is. */
  intent: Intent.nullable(),
});
export type Notification = z.infer<typeof Notification>;

/**
 * How an intent ends: `done`, `drop` (also resolve: nothing more to send), on to `follow_up`, or
 * `lost` (done, and its message is lost track of: never posted again).
 */
export type IntentEnd = 'done' | 'drop' | 'follow_up' | 'lost';

/** An access request made through the bot, whose requester is told the outcome. */
export const BotRequest = z.object({
  /** The id of the access the request created; for one known by a task naming none, the task's. */
  accessId: z.string().min(1),
  accessUserId: z.string().min(1),
  workAppId: z.string().min(1),
  /** The approval tasks it opened, when the service said; empty when it did not. */
  taskIds: z.array(z.string().min(1)),
  requestedAt: z.date(),
});
export type BotRequest = z.infer<typeof BotRequest>;

/** How accessbot knows of a request: it submitted it, or it found one of its approvers' tasks. */
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

/**
 * How often a person is polled: `active` (something happened to them lately) at the poll
 * interval, `quiet` at the slow one, `safety` at the safety sweep while webhooks are healthy.
 */
export const Cadence = z.enum(['active', 'quiet', 'safety']);
export type Cadence = z.infer<typeof Cadence>;

/**
 * Why a person is due: `new` to the schedule, their cadence's `sweep`, a `retry` after a failed
 * poll, a `webhook` delivery named them, or they did something in `chat` (made a request, went away).
 */
export const PollReason = z.enum(['new', 'sweep', 'retry', 'webhook', 'chat']);
export type PollReason = z.infer<typeof PollReason>;

/** A user leased for a poll: their cadence, why they are due, their last activity and poll. */
export const DuePoll = z.object({
  accessUserId: z.string().min(1),
  cadence: Cadence,
  reason: PollReason,
  /** When something last happened to them (a task found, a request made). */
  activeAt: z.date().nullable(),
  polledAt: z.date().nullable(),
});
export type DuePoll = z.infer<typeof DuePoll>;

/**
 * A finished poll of one user, and when they are due next, by what cadence and why (unset: as
 * before, and `sweep`); `activeAt` when the poll found something happening to them, `polledAt`
 * when it finished.
 */
export const CompletedPoll = z.object({
  accessUserId: z.string().min(1),
  nextDueAt: z.date(),
  cadence: Cadence.optional(),
  reason: z.enum(['sweep', 'retry']).optional(),
  activeAt: z.date().optional(),
  polledAt: z.date().optional(),
});
export type CompletedPoll = z.infer<typeof CompletedPoll>;

/** When the last signed webhook delivery came, and when a delivery was last found missing. */
export const WebhookEvent = z.enum(['delivered', 'missed']);
export type WebhookEvent = z.infer<typeof WebhookEvent>;
export type WebhookEvents = Partial<Record<WebhookEvent, Date>>;

/** Which waits the report counts: those that began in the period; open ones up to `asOf`. */
export interface WaitPeriod {
  since: Date;
  /** Exclusive. */
  until: Date;
  /** Waits not over by then count up to it. */
  asOf: Date;
}
