/**
 * The audit log's records: decisions on tasks and changes to group membership taken (or
 * refused) through the bot, and what the poller did about a waiting task (told an approver,
 * reminded them, escalated it, found it decided elsewhere), one entry each, told apart by
 * `action`. Rows written before membership changes existed are decisions and read back as such.
 */
import { z } from 'zod';
import { AppChangeOutcome } from './app-records.ts';
import { Platform } from './records.ts';

/** What became of a decision. */
export const AuditOutcome = z.enum([
  /**
   * A decision being sent to the Access Service, kept before it is sent and completed with its
   * outcome after: left as it is, the service's answer was never recorded.
   */
  'started',
  'approved',
  'declined',
  'already_decided',
  'not_assignee',
  'self_approval',
  'not_found',
  'failed',
  /** An approval of a sensitive application that came without its confirmation: not made. */
  'unconfirmed',
  /** An approval of a sensitive application with a code that does not confirm it: not made. */
  'wrong_code',
]);
export type AuditOutcome = z.infer<typeof AuditOutcome>;

/** What became of a membership change, as the Access Service answered it (or why none was made). */
export const MembershipOutcome = z.enum([
  'added',
  'removed',
  'already_member',
  'not_member',
  'group_not_found',
  'person_not_found',
  /** The actor may not manage the group. */
  'not_allowed',
  /** Someone other than the person who asked tried to confirm or cancel it. */
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
 * What the task was, as the bot saw it; absent from entries written before each was kept, and
 * whatever the service did not say. Its facts are kept, not a sentence about them: each reader
 * sees the task named in their own language.
 */
const TaskNames = {
  taskId: z.string().min(1),
  /** The English title entries kept before the facts below were: shown as it was written. */
  taskTitle: z.string().optional(),
  appName: z.string().optional(),
  requesterName: z.string().optional(),
  /** The permission level asked for or reviewed. */
  levelName: z.string().optional(),
  /** The person the task is about (a review's or an offboarding's), when not the requester. */
  userName: z.string().optional(),
  /** The offboarding step the service describes. */
  taskStep: z.string().optional(),
  /** The application's id: an approver's card counts how its requests were decided. */
  appId: z.string().optional(),
  taskType: z.string().optional(),
  /** When the service says the task was created: where its time to decision starts. */
  taskCreatedAt: z.date().optional(),
};

/** One decision taken (or refused) through the bot. */
export const DecisionAuditEntry = AuditBase.extend({
  action: z.enum(['approve', 'decline']),
  ...TaskNames,
  reason: z.string().nullable(),
  outcome: AuditOutcome,
});
export type DecisionAuditEntry = z.infer<typeof DecisionAuditEntry>;

/** One change to a group's members asked for through the bot, and its outcome. */
export const MembershipAuditEntry = AuditBase.extend({
  action: MembershipAction,
  groupId: z.string().min(1),
  groupName: z.string().nullable(),
  /** The person added or removed; null when the change was refused before they were known. */
  targetUserId: z.string().nullable(),
  targetName: z.string().nullable(),
  targetEmail: z.string().nullable(),
  outcome: MembershipOutcome,
});
export type MembershipAuditEntry = z.infer<typeof MembershipAuditEntry>;

/**
 * What the poller did about a waiting task, for the chat identity (or channel) it concerns:
 * `notify` (the approver's first message about it), `remind`, `escalate` (to a channel: no Access
 * user), each counted once when the poller claims it for its outbox; `decided_elsewhere` (the
 * task left the approver's list decided, with no decision through the bot on record); and
 * `nudge`, by the requester who nudged the task's approvers.
 */
export const TaskEventEntry = AuditBase.extend({
  action: z.enum(['notify', 'remind', 'escalate', 'decided_elsewhere', 'nudge']),
  ...TaskNames,
  outcome: z.enum(['queued', 'approved', 'declined', 'other', 'gone']),
  /** Who decided it elsewhere (an Access user id), when the service says. */
  decidedBy: z.string().optional(),
});
export type TaskEventEntry = z.infer<typeof TaskEventEntry>;

export const AppChangeAction = z.enum(['app_field', 'app_policy']);
export type AppChangeAction = z.infer<typeof AppChangeAction>;

/**
 * One change to an application asked for through the bot (a custom field's value, or a request
 * type's policy), with what it was before and what it was to become, and its outcome.
 */
export const AppChangeAuditEntry = AuditBase.extend({
  action: AppChangeAction,
  appId: z.string().min(1),
  appName: z.string(),
  /** The custom field changed (`app_field`). */
  fieldName: z.string().nullable(),
  /** The request type whose policy was set (`app_policy`), and on which level, if on one. */
  requestType: z.string().nullable(),
  levelName: z.string().optional(),
  /** The value (or policy name) before and after; null: none, or none known before. */
  valueBefore: z.string().nullable(),
  valueAfter: z.string().nullable(),
  outcome: AppChangeOutcome,
});
export type AppChangeAuditEntry = z.infer<typeof AppChangeAuditEntry>;
/**
 * An approver's question to a requester (`ask`) and the requester's answer (`answer`): the words
 * in `reason`, the question's id in `detail`, the other person (the requester, the asker) as the
 * target, so each of them finds it in their own history.
 */
export const QuestionAuditEntry = AuditBase.extend({
  action: z.enum(['ask', 'answer']),
  ...TaskNames,
  reason: z.string(),
  outcome: z.enum(['asked', 'answered']),
  /** Who asked or answered, by name: the other one's history names them. */
  actorName: z.string().nullable(),
  targetUserId: z.string().nullable(),
  targetName: z.string().nullable(),
});
export type QuestionAuditEntry = z.infer<typeof QuestionAuditEntry>;

/**
 * A person away (`away`: until the day in `detail`, their note in `reason`) and back (`back`:
 * said so, or `expired` when the day came).
 */
export const AwayAuditEntry = AuditBase.extend({
  action: z.enum(['away', 'back']),
  reason: z.string().nullable(),
  outcome: z.enum(['away', 'back', 'expired']),
});
export type AwayAuditEntry = z.infer<typeof AwayAuditEntry>;

export const AuditEntry = z.discriminatedUnion('action', [
  DecisionAuditEntry,
  MembershipAuditEntry,
  TaskEventEntry,
  AppChangeAuditEntry,
  QuestionAuditEntry,
  AwayAuditEntry,
]);
export type AuditEntry = z.infer<typeof AuditEntry>;
export type AuditAction = AuditEntry['action'];

/** Whether `entry` is one of `schema`'s actions. */
const isOf =
  <E extends AuditEntry>(schema: { shape: { action: { options: readonly E['action'][] } } }) =>
  (entry: AuditEntry): entry is E =>
    (schema.shape.action.options as readonly AuditAction[]).includes(entry.action);

export const isDecision = isOf<DecisionAuditEntry>(DecisionAuditEntry);
export const isChange = isOf<MembershipAuditEntry>(MembershipAuditEntry);
export const isAppChange = isOf<AppChangeAuditEntry>(AppChangeAuditEntry);
export const isQuestion = isOf<QuestionAuditEntry>(QuestionAuditEntry);
export const isAway = isOf<AwayAuditEntry>(AwayAuditEntry);

/** What people did: the entries `history` shows. */
export type PersonAuditEntry =
  | DecisionAuditEntry
  | MembershipAuditEntry
  | AppChangeAuditEntry
  | QuestionAuditEntry
  | AwayAuditEntry;
export const PERSON_ACTIONS: readonly PersonAuditEntry['action'][] = [
  DecisionAuditEntry,
  MembershipAuditEntry,
  AppChangeAuditEntry,
  QuestionAuditEntry,
  AwayAuditEntry,
].flatMap((schema) => schema.shape.action.options);

export const isPersonEntry = (entry: AuditEntry): entry is PersonAuditEntry =>
  (PERSON_ACTIONS as readonly AuditAction[]).includes(entry.action);

/** Which entries a read returns; every given condition must hold. */
export interface AuditQuery {
  taskId?: string;
  /** Entries of these actions only. */
  actions?: readonly AuditAction[];
  /** Entries taken by this chat user. */
  actor?: { platform: Platform; chatUserId: string };
  /** Entries taken by this Access user, on any platform. */
  by?: string;
  /**
   * Entries by or about a person: as the actor (chat or Access id), or as the person changed
   * (Access id, or the e-mail address the change recorded).
   */
  person?: {
    chatUserIds: readonly string[];
    accessUserIds: readonly string[];
    emails?: readonly string[];
  };
  /** From this instant on. */
  since?: Date;
  /** Before this instant. */
  until?: Date;
  limit?: number;
}

/** Which decisions `countDecisions` counts: one application's tasks of one type, since an instant. */
export interface DecisionCountQuery {
  appId: string;
  taskType: string;
  since: Date;
}

/** An entry with its place in the log, for reading the log in pages. */
export interface NumberedAuditEntry {
  id: number;
  entry: AuditEntry;
}
