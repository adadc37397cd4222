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

export const AuditOutcome = z.enum([
  'approved',
  'declined',
  'already_decided',
  'not_assignee',
  'self_approval',
  'not_found',
  'failed',
]);
export type AuditOutcome = z.infer<typeof AuditOutcome>;

/** One decision taken (or refused) through the bot. */
export const AuditEntry = z.object({
  at: z.date(),
  platform: Platform,
  chatUserId: z.string().min(1),
  accessUserId: z.string().nullable(),
  taskId: z.string().min(1),
  action: z.enum(['approve', 'decline']),
  reason: z.string().nullable(),
  outcome: AuditOutcome,
  detail: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof AuditEntry>;

/** A JSON object kept as given: message references, conversation references. */
export const JsonObject = z.record(z.string(), z.unknown());
export type JsonObject = z.infer<typeof JsonObject>;

/** Names one notification: at most one message per task, platform and recipient. */
export const NotificationKey = z.object({
  taskId: z.string().min(1),
  platform: Platform,
  /** The poller's name for where it goes, e.g. `user:U123` or `channel:C42`. */
  recipient: z.string().min(1),
});
export type NotificationKey = z.infer<typeof NotificationKey>;

/** The right to send one notification, written before the message is sent. */
export const NotificationClaim = NotificationKey.extend({
  /** The Access user in whose pending list the task was found. */
  accessUserId: z.string().min(1),
  claimedAt: z.date(),
  /** The replica that claimed it. */
  claimedBy: z.string().min(1),
});
export type NotificationClaim = z.infer<typeof NotificationClaim>;

/** A claim and what became of it. */
export const Notification = NotificationClaim.extend({
  /** The sent message's reference (the adapter's MessageRef); null until it is sent. */
  messageRef: JsonObject.nullable(),
  sentAt: z.date().nullable(),
  remindedAt: z.date().nullable(),
  /** Set once the message shows the task's outcome, or once there is nothing more to do. */
  resolvedAt: z.date().nullable(),
});
export type Notification = z.infer<typeof Notification>;

/** An access request made through the bot, whose requester is told the outcome. */
export const BotRequest = z.object({
  /** The id of the access the request created. */
  accessId: z.string().min(1),
  accessUserId: z.string().min(1),
  workAppId: z.string().min(1),
  /** The approval tasks it opened, when the service said; empty when it did not. */
  taskIds: z.array(z.string().min(1)),
  requestedAt: z.date(),
});
export type BotRequest = z.infer<typeof BotRequest>;

/** One Access user's place in the poll schedule, as `syncPollUsers` gets it. */
export const PollUser = z.object({ accessUserId: z.string().min(1), firstDueAt: z.date() });
export type PollUser = z.infer<typeof PollUser>;

/** A finished poll of one user, and when they are due next. */
export const CompletedPoll = z.object({ accessUserId: z.string().min(1), nextDueAt: z.date() });
export type CompletedPoll = z.infer<typeof CompletedPoll>;

export interface AuditQuery {
  taskId?: string;
  actor?: { platform: Platform; chatUserId: string };
  limit?: number;
}
