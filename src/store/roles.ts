/**
 * The store by role: each consumer is typed by the slices it uses, so what a part of the bot may
 * read or write is visible in its signature. Every implementation provides all of them (`Store`).
 */
import type {
  AuditEntry,
  AuditQuery,
  BotRequest,
  CompletedPoll,
  IdentityLink,
  JsonObject,
  Notification,
  NotificationClaim,
  NotificationKey,
  Platform,
  PollUser,
} from './records.ts';

/** Chat users linked to Access Service users. */
export interface LinkStore {
  getLink(platform: Platform, chatUserId: string): Promise<IdentityLink | undefined>;
  /** Insert or replace the link of (platform, chatUserId). */
  saveLink(link: IdentityLink): Promise<void>;
  listLinks(platform?: Platform): Promise<IdentityLink[]>;
}

/** Decisions taken (or refused) through the bot. */
export interface AuditStore {
  appendAudit(entry: AuditEntry): Promise<void>;
  /** Newest first; optionally only one task's, or only one chat user's. */
  listAudit(query?: AuditQuery): Promise<AuditEntry[]>;
}

/**
 * The task ids of a person's last `tasks` list, in order, so `approve 2` means the same task on
 * every replica and after a restart. Saving replaces the previous list.
 */
export interface TaskNumberStore {
  saveTaskNumbering(
    platform: Platform,
    chatUserId: string,
    taskIds: string[],
    at: Date,
  ): Promise<void>;
  getTaskNumbering(platform: Platform, chatUserId: string): Promise<string[] | undefined>;
}

/**
 * Which tasks each Access user was shown in their own task list: a person may see a task's
 * details only if it is or was theirs.
 */
export interface TaskAudienceStore {
  /** Remembers that these tasks were in the user's list; already remembered ones are kept. */
  rememberTasks(accessUserId: string, taskIds: string[], at: Date): Promise<void>;
  wasShown(accessUserId: string, taskId: string): Promise<boolean>;
}

/** Notifications: claim, then send, then store the reference (src/poller). */
export interface NotificationStore {
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
}

/** Access requests made through the bot, whose requester is told the outcome. */
export interface RequestStore {
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
}

/** The poll schedule shared by replicas: one row per polled Access user, with a lease. */
export interface PollScheduleStore {
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
}

/** Conversation references (Teams: how to message a user proactively). */
export interface ConversationRefStore {
  /** Inserts or replaces the reference of (platform, chatUserId). */
  saveConversationRef(platform: Platform, chatUserId: string, ref: JsonObject): Promise<void>;
  getConversationRef(platform: Platform, chatUserId: string): Promise<JsonObject | undefined>;
  deleteConversationRef(platform: Platform, chatUserId: string): Promise<void>;
}
