/** The store by role: each consumer is typed by the slices it uses; `Store` provides them all. */
import type { AppPolicy } from './app-records.ts';
import type {
  AuditEntry,
  AuditHead,
  AuditOutcome,
  AuditQuery,
  ChainLink,
  DecisionCountQuery,
  DecisionWaits,
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
  /** Insert or replace. */
  saveLink(link: IdentityLink): Promise<void>;
  listLinks(platform?: Platform): Promise<IdentityLink[]>;
  listLinksOf(accessUserId: string): Promise<IdentityLink[]>;
  /** The chat account acts as nobody until it is linked again. */
  deleteLink(platform: Platform, chatUserId: string): Promise<void>;
}

/** What a `started` decision turned out to be. */
export interface DecisionCompletion {
  outcome: AuditOutcome;
  detail: string | null;
}

/** Decisions and membership changes taken (or refused) through the bot. */
export interface AuditStore {
  /** Appends the entry; its id, by which a decision's intent is completed. */
  appendAudit(entry: AuditEntry): Promise<number>;
  /** Completes a `started` decision; false when none waits (completed, or never written). */
  completeDecision(id: number, completion: DecisionCompletion): Promise<boolean>;
  /** Newest first, at most `query.limit` (capped). */
  listAudit(query?: AuditQuery): Promise<AuditEntry[]>;
  /** Oldest first, the entries after `afterId` (all when undefined): an export reads in pages. */
  readAuditLog(
    query: Omit<AuditQuery, 'limit'>,
    afterId: number | undefined,
    limit: number,
  ): Promise<NumberedAuditEntry[]>;
  countDecisions(query: DecisionCountQuery): Promise<{ approved: number; declined: number }>;
  /** Of the decisions (approved or declined) with a known task creation; none: undefined. */
  decisionWaits(query: DecisionCountQuery): Promise<DecisionWaits | undefined>;
  /**
   * Deletes the entries from before `before`, and the chain's links before the first entry
   * kept, whose checkpoint moves there; how many entries.
   */
  pruneAudit(before: Date): Promise<number>;
  /** The entries whose receipt this is (one, unless two entries are alike), oldest first. */
  findReceipt(receipt: string): Promise<NumberedAuditEntry[]>;
  /** The chain's head and checkpoint. */
  auditHead(): Promise<AuditHead>;
  /** The chain's links after place `after`, in order, at most `limit` (capped). */
  chainLinks(after: number, limit: number): Promise<ChainLink[]>;
  /** The first entry written after the chain began that no link holds. */
  unchainedEntry(genesisId: number): Promise<{ id: number; at: Date } | undefined>;
}

/** Pending confirmations of every kind, which any replica may settle once. */
export interface ConfirmationStore {
  /** Its id must be new. */
  saveConfirmation(confirmation: Confirmation): Promise<void>;
  getConfirmation(id: string): Promise<Confirmation | undefined>;
  /**
   * Moves it from `move.from` to `move.to`; a pending one moves to anything but `expired` only
   * before it expires at `move.at`. True when this call moved it: one caller wins across replicas.
   */
  moveConfirmation(id: string, move: ConfirmationMove): Promise<boolean>;
  /** Deletes the confirmations that expired before `before`, whatever became of them; how many. */
  pruneConfirmations(before: Date): Promise<number>;
}

/** The policies accessbot set on applications (the Access Service shows none). */
export interface AppPolicyStore {
  /** Replaces the policy accessbot set there before. */
  recordAppPolicy(policy: AppPolicy): Promise<void>;
  /** On the application and its levels, newest first. */
  listAppPolicies(appId: string): Promise<AppPolicy[]>;
}

/** Channels bound to a group, for `members` with no group named. */
export interface ChannelGroupStore {
  bindChannelGroup(binding: ChannelGroup): Promise<void>;
  getChannelGroup(platform: Platform, channelId: string): Promise<ChannelGroup | undefined>;
  /** True when there was a binding. */
  unbindChannelGroup(platform: Platform, channelId: string): Promise<boolean>;
}

/**
 * Notifications as an outbox (src/poller/outbox.ts): each send or edit is an intent stored before
 * the platform call, so another replica can finish what a dead one began. Only the owner may
 * complete it, and only while `seq` is unchanged (a fencing token).
 */
export interface NotificationStore {
  /** Writes it with a `post` intent unless one exists (one message per event and recipient). */
  claimNotification(claim: NotificationClaim): Promise<boolean>;
  /** Those of the given tasks, and the unresolved ones in `openFor`'s pending list; unordered. */
  listNotifications(query: { taskIds?: string[]; openFor?: string }): Promise<Notification[]>;
  /**
   * Stores the message reference unless one is stored (a message that exists must be known), and
   * ends a `post` intent; true when this call stored it.
   */
  markNotificationSent(
    key: NotificationKey,
    messageRef: JsonObject,
    sentAt: Date,
  ): Promise<boolean>;
  /**
   * The task is decided: resolves it with an `outcome` intent replacing any other (one in hand
   * keeps its owner; an unowned one becomes `owner`'s). Undefined when already resolved.
   */
  resolveNotification(
    key: NotificationKey,
    body: IntentBody,
    owner: string,
    now: Date,
  ): Promise<Notification | undefined>;
  /**
   * Its message was just edited to the outcome by the decision's own process: resolved with nothing
   * left to do, if it is still as read (`seq`, unresolved, no intent); `decision`, the decider's
   * `started` entry, is completed in the same commit either way. False when the row changed.
   */
  settleEdited(
    key: NotificationKey,
    seq: number,
    now: Date,
    decision?: DecisionCompletion & { id: number },
  ): Promise<boolean>;
  /**
   * Writes a `reminder` intent if the message is sent, unresolved, idle, and the last reminder (or
   * the message) is older than `dueBefore`; true when this call did (one per period).
   */
  remindNotification(
    key: NotificationKey,
    body: IntentBody,
    owner: string,
    now: Date,
    dueBefore: Date,
  ): Promise<boolean>;
  /**
   * Writes a `refresh` intent if the message is sent, unresolved and idle; true when this call did.
   * `shows`: the `cardVersion` the new content was made from.
   */
  refreshNotification(
    key: NotificationKey,
    body: IntentBody,
    owner: string,
    now: Date,
    shows?: number,
  ): Promise<boolean>;
  /** Context of these tasks changed (a question, an answer, an absence): bumps `cardVersion`. */
  staleCards(taskIds: string[]): Promise<void>;
  /**
   * Writes a `look` intent if the message is sent, unresolved and idle, recording the mark's end
   * `endsAt` (null: none); true when this call did.
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
  /** From here the message may be on the platform; false as completeIntent. */
  markPostTried(key: NotificationKey, owner: string, seq: number, now: Date): Promise<boolean>;
  /** A try failed: the intent waits until `dueAt`, for any replica. */
  postponeIntent(key: NotificationKey, owner: string, seq: number, dueAt: Date): Promise<boolean>;
  /**
   * Hands `owner` up to `limit` intents due at `now`, or held by a replica silent since
   * `deadBefore`, or held since before `staleBefore` (stuck); each changes hands once.
   */
  claimIntents(
    owner: string,
    platforms: Platform[],
    now: Date,
    limits: { deadBefore: Date; staleBefore: Date; limit: number },
  ): Promise<Notification[]>;
}

/** Signed requests seen within their window, so a replay is processed once across replicas. */
export interface ReplayStore {
  /** Records `key` until `forgetAfter`; false when seen before (a replay). */
  firstSeen(key: string, now: Date, forgetAfter: Date): Promise<boolean>;
}

/** What people did per window of time, counted across every replica sharing the store. */
export interface RateStore {
  /** Counts one action in the window starting at `window`; the count so far. */
  countAction(key: string, window: Date): Promise<number>;
}

/** The question last asked a person, which their next line may answer on any replica; one each. */
export interface QuestionStore {
  askQuestion(
    platform: Platform,
    chatUserId: string,
    question: JsonObject,
    expiresAt: Date,
  ): Promise<void>;
  /** Removes and returns it unless expired: whoever takes it answers it, once. */
  takeQuestion(platform: Platform, chatUserId: string, now: Date): Promise<JsonObject | undefined>;
}

/** Counters that say a fact changed, so a replica that cached it reads it afresh. */
export interface GenerationStore {
  /** Moves `name` on. */
  bumpGeneration(name: string): Promise<void>;
  /** 0 while it never moved. */
  generation(name: string): Promise<number>;
}

/** Replicas' heartbeats: how the others know one is gone and take over its intents at once. */
export interface ReplicaStore {
  beat(replica: string, now: Date): Promise<void>;
  /** A clean stop: its intents can be taken over at once. */
  retire(replica: string): Promise<void>;
  /** How many beat at `since` or later: those that share POLL_MAX_RPS. */
  liveReplicas(since: Date): Promise<number>;
}

/** Access requests made through the bot, whose requester is told the outcome. */
export interface RequestStore {
  /** The same access recorded twice keeps the first. */
  recordRequest(request: BotRequest): Promise<void>;
  /** Outcome not in the outbox yet, oldest first. */
  listOpenRequests(): Promise<BotRequest[]>;
  /** Its outcome messages are in the outbox: the request is closed. */
  markRequestOutcomeSent(accessId: string, sentAt: Date): Promise<void>;
}

/** The poll schedule shared by replicas: one row per polled Access user, with a lease. */
export interface PollScheduleStore {
  /** Makes the schedule hold exactly the users linked on `platforms`, new ones due `firstDueAt`. */
  syncPollUsers(
    platforms: readonly Platform[],
    firstDueAt: (accessUserId: string) => Date,
  ): Promise<{ added: number; removed: number; polled: number }>;
  /** Leases unleased due users, oldest first, to `owner`; concurrent callers never share one. */
  claimDuePollUsers(
    owner: string,
    dueBy: Date,
    now: Date,
    leaseUntil: Date,
    limit: number,
  ): Promise<DuePoll[]>;
  /**
   * Ends `owner`'s leases, scheduling each at `nextDueAt` — or now, if `markPollDue` asked
   * meanwhile. A lease `owner` lost to another replica is left alone.
   */
  completePolls(owner: string, polls: CompletedPoll[]): Promise<void>;
  /** Makes these users (or all) due at `now` at the latest, e.g. on a webhook. */
  markPollDue(
    accessUserIds: string[] | 'all',
    now: Date,
    reason?: Extract<PollReason, 'webhook' | 'chat'>,
  ): Promise<void>;
  /** People under `cadence`, with their last activity: a page in id order after `after`. */
  listPollCadences(
    cadence: Cadence,
    page: { after?: string; limit: number },
  ): Promise<{ accessUserId: string; activeAt: Date | null }[]>;
  /** Moves those under `from` to `cadence`; polls later than `within` move to `nextDueAt`. */
  hastenPolls(from: Cadence, cadence: Cadence, polls: NextPoll[], within: Date): Promise<void>;
  /** The earliest next poll of anyone not being polled right now; none when nobody is polled. */
  oldestDuePoll(now: Date): Promise<Date | undefined>;
  /** The latest time of a webhook event, for every replica. */
  recordWebhookEvent(event: WebhookEvent, at: Date): Promise<void>;
  webhookEvents(): Promise<WebhookEvents>;
  /** Gives up every lease `owner` holds; the users stay due, for the other replicas. */
  releasePollLeases(owner: string): Promise<void>;
  /** A job one replica runs per period: true when due and this call moved it to `nextRunAt`. */
  claimScheduledRun(job: string, now: Date, nextRunAt: Date): Promise<boolean>;
}

/** Conversation references (Teams: how to message a user proactively). */
export interface ConversationRefStore {
  saveConversationRef(platform: Platform, chatUserId: string, ref: JsonObject): Promise<void>;
  getConversationRef(platform: Platform, chatUserId: string): Promise<JsonObject | undefined>;
  deleteConversationRef(platform: Platform, chatUserId: string): Promise<void>;
}
