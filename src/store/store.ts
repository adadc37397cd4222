/**
 * The persistence port. One interface, several implementations (SQLite by default; PostgreSQL
 * for several replicas). Every method is async so both fit, and every record type is a zod
 * schema so rows read back are checked, not trusted.
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

export interface ConversationRefEntry {
  chatUserId: string;
  ref: JsonObject;
}

export interface AuditQuery {
  taskId?: string;
  actor?: { platform: Platform; chatUserId: string };
  limit?: number;
}

export interface Store {
  getLink(platform: Platform, chatUserId: string): Promise<IdentityLink | undefined>;
  /** Insert or replace the link of (platform, chatUserId). */
  saveLink(link: IdentityLink): Promise<void>;
  forgetLink(platform: Platform, chatUserId: string): Promise<void>;
  listLinks(platform?: Platform): Promise<IdentityLink[]>;
  appendAudit(entry: AuditEntry): Promise<void>;
  /** Newest first; optionally only one task's, or only one chat user's. */
  listAudit(query?: AuditQuery): Promise<AuditEntry[]>;
  /**
   * The task ids of a person's last `tasks` list, in order, so `approve 2` means the same task on
   * every replica and after a restart. Saving replaces the previous list.
   */
  saveTaskNumbering(
    platform: Platform,
    chatUserId: string,
    taskIds: string[],
    at: Date,
  ): Promise<void>;
  getTaskNumbering(platform: Platform, chatUserId: string): Promise<string[] | undefined>;

  // Notifications: claim, then send, then store the reference (src/poller).

  /** Inserts the claim unless one exists for its key; true when this call wrote it. */
  claimNotification(claim: NotificationClaim): Promise<boolean>;
  /**
   * Takes over a claim that has no message and was claimed before `staleBefore` (its sender
   * crashed or failed); true when this call took it.
   */
  reclaimNotification(
    key: NotificationKey,
    claimedBy: string,
    now: Date,
    staleBefore: Date,
  ): Promise<boolean>;
  markNotificationSent(key: NotificationKey, messageRef: JsonObject, sentAt: Date): Promise<void>;
  /**
   * Notifications of the given tasks, and the unresolved ones found in `openFor`'s pending list,
   * in no particular order.
   */
  listNotifications(query: { taskIds?: string[]; openFor?: string }): Promise<Notification[]>;
  /** Marks it resolved unless it already is; true when this call did (exactly once). */
  resolveNotification(key: NotificationKey, resolvedAt: Date): Promise<boolean>;
  /** Undoes `resolveNotification` when the update it allowed failed, so it is tried again. */
  reopenNotification(key: NotificationKey): Promise<void>;
  /**
   * Records a reminder if the last one (or the message) is older than `dueBefore` and the
   * notification is sent and unresolved; true when this call did (one reminder per period).
   */
  markReminded(key: NotificationKey, remindedAt: Date, dueBefore: Date): Promise<boolean>;

  // Access requests made through the bot.

  /** Remembers a request; recording the same access twice keeps the first. */
  recordRequest(request: BotRequest): Promise<void>;
  /** Every request whose outcome has not been sent yet, oldest first; read once per sweep. */
  listOpenRequests(): Promise<BotRequest[]>;
  /** The right to send a request's outcome: unclaimed, or claimed before `staleBefore` and unsent. */
  claimRequestOutcome(
    accessId: string,
    claimedBy: string,
    now: Date,
    staleBefore: Date,
  ): Promise<boolean>;
  markRequestOutcomeSent(accessId: string, sentAt: Date): Promise<void>;

  // The poll schedule shared by replicas: one row per polled Access user, with a lease.

  /** Makes the schedule hold exactly these users: adds the missing, drops the others. */
  syncPollUsers(users: PollUser[]): Promise<{ added: number; removed: number }>;
  /**
   * Leases up to `limit` users due by `dueBy` that no live lease holds, oldest due first, to
   * `owner` until `leaseUntil`; concurrent callers never get the same user.
   */
  claimDuePollUsers(
    owner: string,
    dueBy: Date,
    now: Date,
    leaseUntil: Date,
    limit: number,
  ): Promise<string[]>;
  /**
   * Ends `owner`'s leases on these users and schedules each one's next poll at its `nextDueAt` —
   * or keeps it due now when `markPollDue` asked for a poll meanwhile. A lease `owner` lost (it
   * ran out and another replica took the user) is left alone.
   */
  completePolls(owner: string, polls: CompletedPoll[]): Promise<void>;
  /** Makes these users (or all) due at `now` at the latest, e.g. on a webhook. */
  markPollDue(accessUserIds: string[] | 'all', now: Date): Promise<void>;
  /** Gives up every lease `owner` holds; the users stay due, for the other replicas. */
  releasePollLeases(owner: string): Promise<void>;
  /**
   * For a job that one replica runs per period (the directory sync): true when the job is due
   * at `now` and this call moved its next run to `nextRunAt`.
   */
  claimScheduledRun(job: string, now: Date, nextRunAt: Date): Promise<boolean>;

  // Conversation references (Teams: how to message a user proactively).

  /** Inserts or replaces the reference of (platform, chatUserId). */
  saveConversationRef(platform: Platform, chatUserId: string, ref: JsonObject): Promise<void>;
  getConversationRef(platform: Platform, chatUserId: string): Promise<JsonObject | undefined>;
  deleteConversationRef(platform: Platform, chatUserId: string): Promise<void>;
  /** Ordered by chat user id. */
  listConversationRefs(platform: Platform): Promise<ConversationRefEntry[]>;

  /** Resolves when the store answers a trivial query; for readiness checks. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** The part of the Store the poller added; each implementation keeps it in `poller-tables.ts`. */
export type PollerTables = Omit<
  Store,
  | 'getLink'
  | 'saveLink'
  | 'forgetLink'
  | 'listLinks'
  | 'appendAudit'
  | 'listAudit'
  | 'saveTaskNumbering'
  | 'getTaskNumbering'
  | 'ping'
  | 'close'
>;

/** Which tasks a person has had in their own task list: who may see a task's details. */
export interface TaskAudienceStore {
  /** Remembers that these tasks were in the person's list; already remembered ones are kept. */
  rememberTasks(accessUserId: string, taskIds: string[], at: Date): Promise<void>;
  wasShown(accessUserId: string, taskId: string): Promise<boolean>;
}

export type LinkStore = Pick<Store, 'getLink' | 'saveLink' | 'listLinks'>;
export type AuditStore = Pick<Store, 'appendAudit' | 'listAudit'>;
export type TaskNumberStore = Pick<Store, 'saveTaskNumbering' | 'getTaskNumbering'>;
export type RequestStore = Pick<Store, 'recordRequest'>;
export type ConversationRefStore = Pick<
  Store,
  'saveConversationRef' | 'getConversationRef' | 'deleteConversationRef'
>;
