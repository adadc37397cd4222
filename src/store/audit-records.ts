/**
 * The audit log's records, told apart by `action`: what people did through the bot, and what the
 * poller did about waiting tasks. Rows older than membership changes read back as decisions.
 */
import { z } from 'zod';
import { AppChangeOutcome } from './app-records.ts';
import { Platform } from './records.ts';

export const AuditOutcome = z.enum([
  /** Written before the call, completed after: left as it is, the answer was never recorded. */
  'started',
  'approved',
  'declined',
  'already_decided',
  'not_assignee',
  'self_approval',
  'not_found',
  'failed',
  /** Sensitive-application approvals refused: no confirmation, or a wrong code. */
  'unconfirmed',
  'wrong_code',
]);
export type AuditOutcome = z.infer<typeof AuditOutcome>;

export const MembershipOutcome = z.enum([
  'added',
  'removed',
  'already_member',
  'not_member',
  'group_not_found',
  'person_not_found',
  'not_allowed',
  /** Someone other than the asker tried to confirm or cancel it. */
  'not_requester',
  'cancelled',
  'expired',
  'failed',
]);
export type MembershipOutcome = z.infer<typeof MembershipOutcome>;

export const MembershipAction = z.enum(['group_add', 'group_remove']);
export type MembershipAction = z.infer<typeof MembershipAction>;

const AuditBase = z.object({
  at: z.date(),
  platform: Platform,
  chatUserId: z.string().min(1),
  accessUserId: z.string().nullable(),
  detail: z.string().nullable(),
});

/**
 * The task's facts, not a sentence about them, so each reader sees it in their own language;
 * absent from older entries and when the service did not say.
 */
const TaskNames = {
  taskId: z.string().min(1),
  /** Older entries' English title, shown as written. */
  taskTitle: z.string().optional(),
  appName: z.string().optional(),
  requesterName: z.string().optional(),
  levelName: z.string().optional(),
  /** Who a review or offboarding is about, when not the requester. */
  userName: z.string().optional(),
  taskStep: z.string().optional(),
  appId: z.string().optional(),
  taskType: z.string().optional(),
  /** Where its time to decision starts. */
  taskCreatedAt: z.date().optional(),
  /** An access review's due date, where the service gave one. */
  taskDueAt: z.date().optional(),
};

export const DecisionAuditEntry = AuditBase.extend({
  action: z.enum(['approve', 'decline']),
  ...TaskNames,
  reason: z.string().nullable(),
  outcome: AuditOutcome,
  /** One of a batch's decisions ("keep everyone left"): the batch's confirmation id. */
  batchId: z.string().optional(),
});
export type DecisionAuditEntry = z.infer<typeof DecisionAuditEntry>;

export const MembershipAuditEntry = AuditBase.extend({
  action: MembershipAction,
  groupId: z.string().min(1),
  groupName: z.string().nullable(),
  /** Null when refused before the person was known. */
  targetUserId: z.string().nullable(),
  targetName: z.string().nullable(),
  targetEmail: z.string().nullable(),
  outcome: MembershipOutcome,
});
export type MembershipAuditEntry = z.infer<typeof MembershipAuditEntry>;

/**
 * What the poller did about a waiting task: `notify`, `remind`, `escalate` (to a channel: no
 * Access user), counted once when claimed for the outbox; `decided_elsewhere` (left the list
 * decided, not through the bot); `nudge`, by the requester.
 */
export const TaskEventEntry = AuditBase.extend({
  action: z.enum(['notify', 'remind', 'escalate', 'decided_elsewhere', 'nudge']),
  ...TaskNames,
  outcome: z.enum(['queued', 'approved', 'declined', 'other', 'gone']),
  /** An Access user id, when the service says. */
  decidedBy: z.string().optional(),
});
export type TaskEventEntry = z.infer<typeof TaskEventEntry>;

export const AppChangeAction = z.enum(['app_field', 'app_policy']);
export type AppChangeAction = z.infer<typeof AppChangeAction>;

export const AppChangeAuditEntry = AuditBase.extend({
  action: AppChangeAction,
  appId: z.string().min(1),
  appName: z.string(),
  /** `app_field` */
  fieldName: z.string().nullable(),
  /** `app_policy`, and the level if on one. */
  requestType: z.string().nullable(),
  levelName: z.string().optional(),
  /** Value or policy name; null: none, or none known before. */
  valueBefore: z.string().nullable(),
  valueAfter: z.string().nullable(),
  outcome: AppChangeOutcome,
});
export type AppChangeAuditEntry = z.infer<typeof AppChangeAuditEntry>;

/** Words in `reason`, question id in `detail`; the other person is the target (their history). */
export const QuestionAuditEntry = AuditBase.extend({
  action: z.enum(['ask', 'answer']),
  ...TaskNames,
  reason: z.string(),
  outcome: z.enum(['asked', 'answered']),
  /** The other one's history names them. */
  actorName: z.string().nullable(),
  targetUserId: z.string().nullable(),
  targetName: z.string().nullable(),
});
export type QuestionAuditEntry = z.infer<typeof QuestionAuditEntry>;

/** `away`: until the day in `detail`, with the note in `reason`. */
export const AwayAuditEntry = AuditBase.extend({
  action: z.enum(['away', 'back']),
  reason: z.string().nullable(),
  outcome: z.enum(['away', 'back', 'expired']),
});
export type AwayAuditEntry = z.infer<typeof AwayAuditEntry>;

/**
 * A request filed for someone else, or refused: the filer acts, the person it is for is the
 * target (their history shows it); the justification in `reason`, the access id in `detail`.
 */
export const OnBehalfAuditEntry = AuditBase.extend({
  action: z.enum(['request_for']),
  appId: z.string().min(1).optional(),
  appName: z.string(),
  levelName: z.string().optional(),
  reason: z.string().nullable(),
  targetUserId: z.string().nullable(),
  targetName: z.string().nullable(),
  outcome: z.enum(['filed', 'not_allowed', 'refused']),
});
export type OnBehalfAuditEntry = z.infer<typeof OnBehalfAuditEntry>;

/** What people did: the entries `history` shows. */
const PERSON_ENTRIES = [
  DecisionAuditEntry,
  MembershipAuditEntry,
  AppChangeAuditEntry,
  QuestionAuditEntry,
  AwayAuditEntry,
  OnBehalfAuditEntry,
] as const;
export type PersonAuditEntry = z.infer<(typeof PERSON_ENTRIES)[number]>;

export const AuditEntry = z.discriminatedUnion('action', [...PERSON_ENTRIES, TaskEventEntry]);
export type AuditEntry = z.infer<typeof AuditEntry>;
export type AuditAction = AuditEntry['action'];

const isOf =
  <E extends AuditEntry>(schema: { shape: { action: { options: readonly E['action'][] } } }) =>
  (entry: AuditEntry): entry is E =>
    (schema.shape.action.options as readonly AuditAction[]).includes(entry.action);

export const isDecision = isOf<DecisionAuditEntry>(DecisionAuditEntry);
export const isChange = isOf<MembershipAuditEntry>(MembershipAuditEntry);
export const isAppChange = isOf<AppChangeAuditEntry>(AppChangeAuditEntry);
export const isQuestion = isOf<QuestionAuditEntry>(QuestionAuditEntry);
export const isAway = isOf<AwayAuditEntry>(AwayAuditEntry);
export const isOnBehalf = isOf<OnBehalfAuditEntry>(OnBehalfAuditEntry);

export const PERSON_ACTIONS: readonly PersonAuditEntry['action'][] = PERSON_ENTRIES.flatMap(
  (schema) => schema.shape.action.options,
);

export const isPersonEntry = (entry: AuditEntry): entry is PersonAuditEntry =>
  (PERSON_ACTIONS as readonly AuditAction[]).includes(entry.action);

/** Which entries a read returns; every given condition must hold. */
export interface AuditQuery {
  taskId?: string;
  actions?: readonly AuditAction[];
  actor?: { platform: Platform; chatUserId: string };
  /** An Access user, on any platform. */
  by?: string;
  /** By or about a person: as actor, or as the person changed (Access id or recorded e-mail). */
  person?: {
    chatUserIds: readonly string[];
    accessUserIds: readonly string[];
    emails?: readonly string[];
  };
  since?: Date;
  /** Exclusive. */
  until?: Date;
  limit?: number;
}

export interface DecisionCountQuery {
  appId: string;
  taskType: string;
  since: Date;
}

/**
 * How long an application's requests waited from their task's creation to a decision through the
 * bot, by nearest rank: the smallest wait at least half (nine in ten) of them took no longer than.
 */
export interface DecisionWaits {
  /** How many were ranked: the newest, at most MAX_RANKED_DECISIONS. */
  count: number;
  medianMs: number;
  p90Ms: number;
}

export interface NumberedAuditEntry {
  id: number;
  entry: AuditEntry;
  /** The hash of its last link in the chain; null in entries from before the chain. */
  hash: string | null;
  receipt: string | null;
}

/** The hash chain's head and checkpoint (src/store/audit-chain.ts). */
export const AuditHead = z.object({
  /** How many links the chain has had: the last one's place. */
  link: z.coerce.number().int(),
  hash: z.string(),
  entryId: z.coerce.number().int().nullable(),
  /** The checkpoint: the chain goes on after this place, from this hash. */
  startLink: z.coerce.number().int(),
  startHash: z.string(),
  /** Entries up to this id were kept before the chain began. */
  genesisId: z.coerce.number().int(),
});
export type AuditHead = z.infer<typeof AuditHead>;

/** One link of the chain as the log now holds it, with the digest its entry has now. */
export const ChainLink = z.object({
  link: z.number().int(),
  entryId: z.number().int(),
  at: z.date(),
  /** The completion of a decision, rather than its append. */
  completion: z.boolean(),
  /** The hash the row keeps for this link. */
  hash: z.string().nullable(),
  /** An append's recorded link before; null for a completion. */
  prevHash: z.string().nullable(),
  /** What the row's content hashes to now (a completed decision's append: as it was started). */
  digest: z.string(),
  /** The digest the row keeps, checked against its content's. */
  keptDigest: z.string().nullable(),
  /** The receipt the row keeps (people look it up by it), checked against the digest. */
  keptReceipt: z.string().nullable(),
});
export type ChainLink = z.infer<typeof ChainLink>;
