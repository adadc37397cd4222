/**
 * The store by role: each consumer is typed by the slices it uses, so what a part of the bot may
 * read or write is visible in its signature. Every implementation provides all of them (`Store`).
 */
import type { AppPolicy } from './app-records.ts';
import type {
  AuditEntry,
  AuditOutcome,
  AuditQuery,
  DecisionCountQuery,
  NumberedAuditEntry,
} from './audit-records.ts';
import type { Confirmation, ConfirmationMove } from './confirm-records.ts';
import type { ChannelGroup } from './group-records.ts';
import type {
  BotRequest,
  Cadence,
  CompletedPoll,
  DuePoll,
  IdentityLink,
  IntentBody,
  IntentEnd,
  JsonObject,
  Notification,
  NotificationClaim,
  NotificationKey,
  Platform,
  PollReason,
  WebhookEvent,
  WebhookEvents,
} from './records.ts';

type NextPoll = Pick<CompletedPoll, 'accessUserId' | 'nextDueAt'>;

/** Chat users linked to Access Service users. */
export interface LinkStore {
  getLink(platform: Platform, chatUserId: string): Promise<IdentityLink | undefined>;
  /** Insert or replace the link of (platform, chatUserId). */
  saveLink(link: IdentityLink): Promise<void>;
  listLinks(platform?: Platform): Promise<IdentityLink[]>;
  /** One Access user's links, on every platform. */
  listLinksOf(accessUserId: string): Promise<IdentityLink[]>;
  /** The chat account acts as nobody until it is linked again. */
  deleteLink(platform: Platform, chatUserId: string): Promise<void>;
}

/** Decisions and membership changes taken (or refused) through the bot. */
export interface AuditStore {
  /** Appends the entry; its id, by which a decision's intent is completed. */
  appendAudit(entry: AuditEntry): Promise<number>;
  /**
   * Completes a decision's intent (outcome `started`) with its outcome and detail; false when
   * there is no such intent waiting (completed already, or never written).
   */
  completeDecision(
    id: number,
    completion: { outcome: AuditOutcome; detail: string | null },
  ): Promise<boolean>;
  /** Newest first, at most `query.limit` (capped): the ones the query selects. */
  listAudit(query?: AuditQuery): Promise<AuditEntry[]>;
  /**
   * Oldest first, the entries the query selects that were appended after the one numbered
   * `afterId` (from the start when undefined), at most `limit`: an export reads the log in pages.
   */
  readAuditLog(
    query: Omit<AuditQuery, 'limit'>,
    afterId: number | undefined,
    limit: number,
  ): Promise<NumberedAuditEntry[]>;
  /** Decisions taken through the bot that the query selects, approved and declined. */
  countDecisions(query: DecisionCountQuery): Promise<{ approved: number; declined: number }>;
  /** Deletes the entries from before `before`; how many. */
  pruneAudit(before: Date): Promise<number>;
}

/**
 * Pending confirmations of every kind (group and application changes, sensitive approvals),
 * which any replica may settle once.
 */
export interface ConfirmationStore {
  /** Stores a new confirmation; its id must be new. */
  saveConfirmation(confirmation: Confirmation): Promise<void>;
  getConfirmation(id: string): Promise<Confirmation | undefined>;
  /**
   * Moves the confirmation from `move.from` to `move.to` with its outcome, if it is in
   * `move.from`; a pending one moves anywhere but to `expired` only while it has not expired at
   * `move.at`. True when this call moved it: one caller wins, however many replicas try at once.
   */
  moveConfirmation(id: string, move: ConfirmationMove): Promise<boolean>;
  /** Deletes the confirmations that expired before `before`, whatever became of them; how many. */
  pruneConfirmations(before: Date): Promise<number>;
}

/** The policies accessbot set on applications (the Access Service shows none). */
export interface AppPolicyStore {
  /** Records the policy accessbot set, in place of the one it set there before. */
  recordAppPolicy(policy: AppPolicy): Promise<void>;
  /** The policies accessbot set on an application and its levels, newest first. */
  listAppPolicies(appId: string): Promise<AppPolicy[]>;
}

/** Channels bound to a group, for `members` with no group named. */
export interface ChannelGroupStore {
  /** Inserts or replaces the channel's binding. */
  bindChannelGroup(binding: ChannelGroup): Promise<void>;
  getChannelGroup(platform: Platform, channelId: string): Promise<ChannelGroup | undefined>;
  /** True when the channel had a binding. */
  unbindChannelGroup(platform: Platform, channelId: string): Promise<boolean>;
}

/**
 * Notifications as an outbox (src/poller/outbox.ts): every send and every edit is an intent
 * stored before the platform call and completed after it, so a replica that dies anywhere in
 * between leaves a record another replica can finish. Only the intent's owner may complete it,
 * and only while `seq` is unchanged (a fencing token).
 */
export interface NotificationStore {
  /**
   * Writes the notification and its `post` intent unless one exists (one message per event,
   * platform and recipient, ever); true when this call did.
   */
  claimNotification(claim: NotificationClaim): Promise<boolean>;
  /**
   * Notifications of the given tasks, and the unresolved ones found in `openFor`'s pending list,
   * in no particular order.
   */
  listNotifications(query: { taskIds?: string[]; openFor?: string }): Promise<Notification[]>;
  /**
   * Stores the sent message's reference unless one is stored already (whoever sent it: a message
   * that exists must be known), and ends a `post` intent; true when this call stored it.
   */
  markNotificationSent(
    key: NotificationKey,
    messageRef: JsonObject,
    sentAt: Date,
  ): Promise<boolean>;
  /**
   * The task is decided: marks the notification resolved and makes its intent `outcome` with
   * `body`, replacing any other (an intent in hand stays with its owner; one without an owner
   * becomes `owner`'s). The notification as it now is, or undefined when it was already resolved.
   */
  resolveNotification(
    key: NotificationKey,
    body: IntentBody,
    owner: string,
    now: Date,
  ): Promise<Notification | undefined>;
  /**
   * Writes a `reminder` intent owned by `owner` if the message is sent, unresolved, has no
   * intent, and the last reminder (or the message) is older than `dueBefore`; true when this
   * call did (one reminder per period).
   */
  remindNotification(
    key: NotificationKey,
    body: IntentBody,
    owner: string,
    now: Date,
    dueBefore: Date,
  ): Promise<boolean>;
  /**
   * Writes a `refresh` intent owned by `owner` if the message is sent, unresolved and has no
   * intent; true when this call did. `shows`: the card version (`cardVersion`) the new content
   * was made from, recorded as what the message shows.
   */
  refreshNotification(
    key: NotificationKey,
    body: IntentBody,
    owner: string,
    now: Date,
    shows?: number,
  ): Promise<boolean>;
  /**
   * What the cards of these tasks show around them changed (a question, an answer, an approver
   * away): each unresolved message about them is due an edit (its `cardVersion` moves on).
   */
  staleCards(taskIds: string[]): Promise<void>;
  /**
   * Writes a `look` intent owned by `owner` if the message is sent, unresolved and has no intent,
   * and records that the card will show a mark ending at `endsAt` (null: none); true when this
   * call did.
   */
  lookNotification(
    key: NotificationKey,
    body: IntentBody,
    owner: string,
    now: Date,
    endsAt: Date | null,
  ): Promise<boolean>;
  /** Ends `owner`'s intent (see IntentEnd); false when it changed hands or was replaced. */
  completeIntent(
    key: NotificationKey,
    owner: string,
    seq: number,
    end: IntentEnd,
    now: Date,
  ): Promise<boolean>;
  /**
   * Records that `owner` is about to post the message (from then on it may be on the platform);
   * false as completeIntent.
   */
  markPostTried(key: NotificationKey, owner: string, seq: number, now: Date): Promise<boolean>;
  /** A try failed: the intent waits until `dueAt`, for any replica; false as completeIntent. */
  postponeIntent(key: NotificationKey, owner: string, seq: number, dueAt: Date): Promise<boolean>;
  /**
   * Hands `owner` up to `limit` intents on these platforms that are waiting and due at `now`,
   * held by a replica with no heartbeat since `deadBefore`, or held since before `staleBefore`
   * (alive but stuck); each changes hands once however many replicas ask together.
   */
  claimIntents(
    owner: string,
    platforms: Platform[],
    now: Date,
    limits: { deadBefore: Date; staleBefore: Date; limit: number },
  ): Promise<Notification[]>;
}

/**
 * Signed requests seen within their window (Slack requests, webhook deliveries), so a replayed
 * one is processed at most once — by any replica sharing the store.
 */
export interface ReplayStore {
  /**
   * Records `key` until `forgetAfter`; true when this call recorded it first (act on it), false
   * when it was seen before (a replay). Keys past their time are forgotten as it goes.
   */
  firstSeen(key: string, now: Date, forgetAfter: Date): Promise<boolean>;
}

/** What people did per window of time, counted across every replica sharing the store. */
export interface RateStore {
  /** Counts one action of `key` in the window starting at `window`; the window's count so far. */
  countAction(key: string, window: Date): Promise<number>;
}

/**
 * The question the bot last asked a person in a conversation (the terminal, a Teams chat), which
 * the next line they type may answer — on any replica. One per person: asking replaces it.
 */
export interface QuestionStore {
  /** Keeps `question` for the person until `expiresAt`, in place of any earlier one. */
  askQuestion(
    platform: Platform,
    chatUserId: string,
    question: JsonObject,
    expiresAt: Date,
  ): Promise<void>;
  /**
   * Removes the question waiting for the person and returns it, unless it expired by `now`:
   * whoever takes it answers it, once.
   */
  takeQuestion(platform: Platform, chatUserId: string, now: Date): Promise<JsonObject | undefined>;
}

/** Replicas' heartbeats: how the others know one is gone and take over its intents at once. */
export interface ReplicaStore {
  /** Records that `replica` is alive at `now`. */
  beat(replica: string, now: Date): Promise<void>;
  /** A replica stopping cleanly: its intents can be taken over at once. */
  retire(replica: string): Promise<void>;
}

/** Access requests made through the bot, whose requester is told the outcome. */
export interface RequestStore {
  /** Remembers a request; recording the same access twice keeps the first (one seen becomes the bot's). */
  recordRequest(request: BotRequest): Promise<void>;
  /** Every request whose outcome is not in the outbox yet, oldest first; read once per sweep. */
  listOpenRequests(): Promise<BotRequest[]>;
  /** Its outcome messages are claimed in the outbox, which sends them: the request is closed. */
  markRequestOutcomeSent(accessId: string, sentAt: Date): Promise<void>;
}

/** The poll schedule shared by replicas: one row per polled Access user, with a lease. */
export interface PollScheduleStore {
  /**
   * Makes the schedule hold exactly the Access users linked on `platforms`: adds the missing,
   * each first due at `firstDueAt(their id)`, and drops the others. Says how many it holds.
   */
  syncPollUsers(
    platforms: readonly Platform[],
    firstDueAt: (accessUserId: string) => Date,
  ): Promise<{ added: number; removed: number; polled: number }>;
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
  ): Promise<DuePoll[]>;
  /**
   * Ends `owner`'s leases on these users and schedules each one's next poll at its `nextDueAt` —
   * or keeps it due now when `markPollDue` asked for a poll meanwhile. A lease `owner` lost (it
   * ran out and another replica took the user) is left alone.
   */
  completePolls(owner: string, polls: CompletedPoll[]): Promise<void>;
  /** Makes these users (or all) due at `now` at the latest, e.g. on a webhook. */
  markPollDue(
    accessUserIds: string[] | 'all',
    now: Date,
    reason?: Extract<PollReason, 'webhook' | 'chat'>,
  ): Promise<void>;
  /**
   * The people whose next poll was set by `cadence`, with when something last happened to them:
   * a page of at most `limit`, in the order of their ids, after `after`.
   */
  listPollCadences(
    cadence: Cadence,
    page: { after?: string; limit: number },
  ): Promise<{ accessUserId: string; activeAt: Date | null }[]>;
  /**
   * Puts these people under `cadence`, and brings their next polls forward to `nextDueAt` where
   * they were later than `within` (a poll due by then keeps its time); for those whose cadence
   * is `from` only.
   */
  hastenPolls(from: Cadence, cadence: Cadence, polls: NextPoll[], within: Date): Promise<void>;
  /** The earliest next poll of anyone not being polled right now; none when nobody is polled. */
  oldestDuePoll(now: Date): Promise<Date | undefined>;
  /** Remembers the latest time of a webhook event, for every replica. */
  recordWebhookEvent(event: WebhookEvent, at: Date): Promise<void>;
  webhookEvents(): Promise<WebhookEvents>;
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
