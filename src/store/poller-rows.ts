import { z } from 'zod';
import { checked } from './checked.ts';
import {
  BotRequest,
  CompletedPoll,
  IntentBody,
  JsonObject,
  Notification,
  NotificationClaim,
  NotificationKey,
  Platform,
  PollUser,
} from './records.ts';

const ConversationRefInput = z.object({
  platform: Platform,
  chatUserId: z.string().min(1),
  ref: JsonObject,
});

/** Insert column lists, in the order of the values the codec makes. */
export const CLAIM_COLUMNS = `task_id, platform, recipient, access_user_id, claimed_at, claimed_by,
  delivery_id, destination, intent_body, intent_owner, intent_owned_at, intent_due_at,
  intent_kind, intent_attempts, intent_seq`;
export const REQUEST_COLUMNS = 'access_id, access_user_id, work_app_id, task_ids, requested_at';

/** RETURNING keeps no order: claimed users are put back in the order the SELECT chose them. */
export const oldestDueFirst = (a: { id: string; due: number }, b: { id: string; due: number }) =>
  a.due - b.due || (a.id < b.id ? -1 : 1);

/**
 * SQLite keeps JSON as TEXT and PostgreSQL's jsonb comes back parsed: accept both. Text that is
 * not JSON reads as a failed check (a corrupt row), never as an exception of its own.
 */
const json = <T extends z.ZodType>(schema: T) =>
  z
    .unknown()
    .transform((value, ctx) => {
      if (typeof value !== 'string') return value;
      try {
        return JSON.parse(value) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: 'is not JSON' });
        return z.NEVER;
      }
    })
    .pipe(schema);

/**
 * The rows of the poller's tables (see `rows.ts` for the pattern): records checked on the way
 * in, rows on the way out; each implementation says how it reads and writes a date.
 */
export function pollerRowCodec<D>(readDate: z.ZodType<Date>, writeDate: (date: Date) => D) {
  const NotificationRow = z
    .object({
      task_id: z.string(),
      platform: z.string(),
      recipient: z.string(),
      access_user_id: z.string(),
      claimed_at: readDate,
      claimed_by: z.string(),
      delivery_id: z.string().nullable(),
      destination: json(JsonObject).nullable(),
      message_ref: json(JsonObject).nullable(),
      sent_at: readDate.nullable(),
      reminded_at: readDate.nullable(),
      resolved_at: readDate.nullable(),
      intent_kind: z.string().nullable(),
      intent_body: json(IntentBody).nullable(),
      intent_owner: z.string().nullable(),
      intent_owned_at: readDate.nullable(),
      intent_due_at: readDate.nullable(),
      intent_attempts: z.coerce.number(),
      intent_seq: z.coerce.number(),
    })
    .transform((row) => ({
      taskId: row.task_id,
      platform: row.platform,
      recipient: row.recipient,
      accessUserId: row.access_user_id,
      claimedAt: row.claimed_at,
      claimedBy: row.claimed_by,
      deliveryId: row.delivery_id,
      destination: row.destination,
      messageRef: row.message_ref,
      sentAt: row.sent_at,
      remindedAt: row.reminded_at,
      resolvedAt: row.resolved_at,
      intent:
        row.intent_kind === null
          ? null
          : {
              kind: row.intent_kind,
              body: row.intent_body,
              owner: row.intent_owner,
              ownedAt: row.intent_owned_at,
              dueAt: row.intent_due_at,
              attempts: row.intent_attempts,
              seq: row.intent_seq,
            },
    }))
    .pipe(Notification);

  const RequestRow = z
    .object({
      access_id: z.string(),
      access_user_id: z.string(),
      work_app_id: z.string(),
      task_ids: json(z.array(z.string())),
      requested_at: readDate,
    })
    .transform((row) => ({
      accessId: row.access_id,
      accessUserId: row.access_user_id,
      workAppId: row.work_app_id,
      taskIds: row.task_ids,
      requestedAt: row.requested_at,
    }))
    .pipe(BotRequest);

  const ConversationRefRow = z.object({ ref: json(JsonObject) }).transform((row) => row.ref);

  return {
    toNotification: (row: unknown): Notification =>
      checked(NotificationRow, row, 'STORE_CORRUPT_ROW', 'a row of notifications'),
    toRequest: (row: unknown): BotRequest =>
      checked(RequestRow, row, 'STORE_CORRUPT_ROW', 'a row of bot_requests'),
    toConversationRef: (row: unknown): JsonObject =>
      checked(ConversationRefRow, row, 'STORE_CORRUPT_ROW', 'a row of conversation_refs'),

    /** The values of CLAIM_COLUMNS: the notification, and its `post` intent in its owner's hands. */
    claimValues(claim: NotificationClaim) {
      const valid = checked(NotificationClaim, claim, 'STORE_INVALID_INPUT', 'the claim');
      const at = writeDate(valid.claimedAt);
      return [
        valid.taskId,
        valid.platform,
        valid.recipient,
        valid.accessUserId,
        at,
        valid.claimedBy,
        valid.deliveryId,
        JSON.stringify(valid.destination),
        JSON.stringify(valid.body),
        valid.claimedBy,
        at,
        at,
        'post',
        0,
        1,
      ];
    },

    /** An intent's body as a parameter both databases take. */
    bodyValue(body: IntentBody): string {
      return JSON.stringify(checked(IntentBody, body, 'STORE_INVALID_INPUT', 'the intent body'));
    },

    /** The key's three values, in primary-key order. */
    keyValues(key: NotificationKey) {
      const valid = checked(NotificationKey, key, 'STORE_INVALID_INPUT', 'the notification key');
      return [valid.taskId, valid.platform, valid.recipient] as const;
    },

    /** The values of REQUEST_COLUMNS. */
    requestValues(request: BotRequest) {
      const valid = checked(BotRequest, request, 'STORE_INVALID_INPUT', 'the request to record');
      return [
        valid.accessId,
        valid.accessUserId,
        valid.workAppId,
        JSON.stringify(valid.taskIds),
        writeDate(valid.requestedAt),
      ];
    },

    pollUsers(users: PollUser[]) {
      return checked(z.array(PollUser), users, 'STORE_INVALID_INPUT', 'the users to poll');
    },

    completedPolls(polls: CompletedPoll[]) {
      return checked(z.array(CompletedPoll), polls, 'STORE_INVALID_INPUT', 'the finished polls');
    },

    /** A JSON object as a parameter both databases take (TEXT, or cast to jsonb). */
    jsonValue(value: JsonObject, what: string): string {
      return JSON.stringify(checked(JsonObject, value, 'STORE_INVALID_INPUT', what));
    },

    /** platform, chat_user_id, ref. */
    conversationRefValues(platform: Platform, chatUserId: string, ref: JsonObject) {
      const valid = checked(
        ConversationRefInput,
        { platform, chatUserId, ref },
        'STORE_INVALID_INPUT',
        'the conversation reference to save',
      );
      return [valid.platform, valid.chatUserId, JSON.stringify(valid.ref)];
    },
  };
}
