/**
 * The fields accessbot reads from Slack's requests, and the ids of its elements and views. Signed
 * is not trusted: values and private_metadata are parsed, so a malformed one gets a plain answer,
 * not a crash deeper. Slack's entities are read back here once, so the core sees what was typed.
 */
import { z } from 'zod';
import { ConfirmCode } from '../../src/core/confirm/code.ts';
import type { ButtonAction } from '../../src/core/reply.ts';
import { fromEntities } from './rich-text.ts';

const SlackText = z.string().transform(fromEntities);

export const SlashCommand = z.object({
  user_id: z.string().min(1),
  channel_id: z.string().optional(),
  text: SlackText.default(''),
  response_url: z.url(),
  trigger_id: z.string().min(1),
});
export type SlashCommand = z.infer<typeof SlashCommand>;

export const SelectedOption = z.object({ value: z.string(), text: z.object({ text: SlackText }) });
export type SelectedOption = z.infer<typeof SelectedOption>;

const InputState = z.looseObject({
  value: z.string().nullish(),
  selected_option: SelectedOption.nullish(),
  /** A datepicker's day, `2026-12-01`. */
  selected_date: z.string().nullish(),
});
/** The inputs of a view, keyed by block id, then action id. */
const ViewState = z.object({ values: z.record(z.string(), z.record(z.string(), InputState)) });
export type ViewState = z.infer<typeof ViewState>;

/** A `block_actions` payload: a click or a select, in a message, App Home or a modal. */
export const Click = z.object({
  type: z.literal('block_actions'),
  user: z.object({ id: z.string().min(1) }),
  trigger_id: z.string().min(1),
  response_url: z.url().optional(),
  container: z.looseObject({
    type: z.string(),
    message_ts: z.string().optional(),
    channel_id: z.string().optional(),
    is_ephemeral: z.boolean().optional(),
  }),
  channel: z.object({ id: z.string() }).optional(),
  view: z
    .looseObject({
      id: z.string(),
      hash: z.string().optional(),
      type: z.string(),
      private_metadata: z.string().default(''),
      state: ViewState.optional(),
    })
    .optional(),
  actions: z
    .array(
      z.looseObject({
        action_id: z.string(),
        block_id: z.string().optional(),
        value: z.string().optional(),
        selected_option: SelectedOption.nullish(),
        /** A time picker's time, `09:00`. */
        selected_time: z.string().nullish(),
      }),
    )
    .min(1),
});
export type Click = z.infer<typeof Click>;

export const Submission = z.object({
  user: z.object({ id: z.string().min(1) }),
  view: z.looseObject({
    private_metadata: z.string().default(''),
    state: ViewState,
  }),
});

export function inputOf(state: ViewState | undefined, blockId: string, actionId: string) {
  return state?.values[blockId]?.[actionId];
}

/** A `block_suggestion` payload: an external select asking for options. */
export const Suggestion = z.object({
  action_id: z.string(),
  user: z.object({ id: z.string() }),
  value: SlackText.default(''),
});

export const actionIds = {
  approve: 'accessbot.approve',
  decline: 'accessbot.decline',
  approveAll: 'accessbot.approve_all',
  looking: 'accessbot.looking',
  ask: 'accessbot.ask',
  answer: 'accessbot.answer',
  askText: 'accessbot.ask.text',
  answerText: 'accessbot.answer.text',
  away: 'accessbot.away',
  back: 'accessbot.back',
  awayDay: 'accessbot.away.day',
  awayNote: 'accessbot.away.note',
  digestMode: 'accessbot.digest.mode',
  digestTime: 'accessbot.digest.time',
  openRequest: 'accessbot.request.open',
  requestApp: 'accessbot.request.app',
  requestLevel: 'accessbot.request.level',
  requestWhy: 'accessbot.request.why',
  requestFor: 'accessbot.request.for',
  declineReason: 'accessbot.decline.reason',
  confirmChange: 'accessbot.change.confirm',
  cancelChange: 'accessbot.change.cancel',
  reviewAll: 'accessbot.review.all',
  appRequest: 'accessbot.app.request',
  appField: 'accessbot.app.field',
  appPolicy: 'accessbot.app.policy',
  appMark: 'accessbot.app.mark',
  /** The request form's "About this application": the chosen application's card. */
  appCard: 'accessbot.app.card',
} as const;

/** A button's action id is its action's own, but Request access's: `requestApp` is the form's picker. */
export const buttonActionId: Record<ButtonAction, string> = {
  ...actionIds,
  requestApp: actionIds.appRequest,
};

export const callbackIds = {
  decline: 'accessbot.decline',
  approve: 'accessbot.approve_confirm',
  request: 'accessbot.request',
  appForm: 'accessbot.app.form',
  ask: 'accessbot.ask',
  answer: 'accessbot.answer',
  away: 'accessbot.away',
  reviewAll: 'accessbot.review.all',
} as const;

/** Blocks of one task card share this prefix, so a card can be found in a posted message. */
export const cardBlockId = (taskId: string, part: string) => `task:${taskId}:${part}`;
/** The buttons of a numbered card: a list's row, not a card of its own. */
export const LIST_ROW = 'row';

/** Task and question ids as the core gives them (uuids); anything else is refused before any call. */
export const TaskId = z.uuid().transform((id) => id.toLowerCase());

/** Approve carries the task id; a sensitive approval's confirmation adds `:<code>`. */
export const ApproveValue = z
  .string()
  .max(100)
  .transform((value) => value.split(':'))
  .pipe(z.union([z.tuple([TaskId]), z.tuple([TaskId, ConfirmCode])]))
  .transform(([taskId, code]) => ({ taskId, code }));

/** `approveAll` carries the listed ids joined by commas (core: `tasksReply`). */
export const TaskIdList = z
  .string()
  .max(2000)
  .transform((value) => value.split(','))
  .pipe(z.array(TaskId).min(1).max(50));

/** Where a decision came from, so its outcome can be shown in the same place. */
export const Origin = z.discriminatedUnion('kind', [
  /** A message the bot posted (a notification): updated with `chat.update`. */
  z.object({
    kind: z.literal('message'),
    channel: z.string().min(1),
    ts: z.string().min(1),
    responseUrl: z.url().optional(),
    /** A row of a list (the daily digest): no card follows its task there, so the clicker is told. */
    list: z.boolean().optional(),
  }),
  /** An ephemeral answer to a slash command: replaced through its `response_url`. */
  z.object({ kind: z.literal('ephemeral'), responseUrl: z.url() }),
  /** The App Home tab: published again. */
  z.object({ kind: z.literal('home') }),
]);
export type Origin = z.infer<typeof Origin>;

/** The Decline and Ask requester forms: the task they are about, and where they were opened. */
export const TaskMetadata = z.object({ taskId: TaskId, origin: Origin });
export type TaskMetadata = z.infer<typeof TaskMetadata>;

/** The Answer form: the question it answers, and where it was opened. */
export const AnswerMetadata = z.object({ questionId: TaskId, origin: Origin });
export type AnswerMetadata = z.infer<typeof AnswerMetadata>;

/** The form that confirms a sensitive approval: the task, its code, where the click came from. */
export const ApproveMetadata = z.object({ taskId: TaskId, code: ConfirmCode, origin: Origin });

export const RequestMetadata = z.object({
  /** The slash command's response_url, to confirm in the same conversation; else a DM. */
  responseUrl: z.url().optional(),
});
export type RequestMetadata = z.infer<typeof RequestMetadata>;

/** An application's form: which application, which form, and where to answer. */
export const AppFormMetadata = z.object({
  appId: z.string().min(1).max(200),
  kind: z.enum(['field', 'policy']),
  responseUrl: z.url().optional(),
});
export type AppFormMetadata = z.infer<typeof AppFormMetadata>;

/** Parses a view's private_metadata; undefined when it is not ours or is malformed. */
export function readMetadata<T extends z.ZodType>(schema: T, raw: string): z.infer<T> | undefined {
  try {
    const parsed = schema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}
