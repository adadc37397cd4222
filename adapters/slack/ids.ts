/**
 * The names accessbot gives its interactive elements and views, and the zod schemas of what
 * comes back in them. A button's value and a view's private_metadata arrive in signed requests,
 * but they are still parsed, never trusted: a malformed one gets a plain answer, not a crash.
 */
import { z } from 'zod';
import { ConfirmationCode } from '../../src/core/commands.ts';
import type { ButtonAction } from '../../src/core/reply.ts';

export const actionIds = {
  approve: 'accessbot.approve',
  decline: 'accessbot.decline',
  approveAll: 'accessbot.approve_all',
  looking: 'accessbot.looking',
  openRequest: 'accessbot.request.open',
  requestApp: 'accessbot.request.app',
  requestLevel: 'accessbot.request.level',
  requestWhy: 'accessbot.request.why',
  declineReason: 'accessbot.decline.reason',
  confirmChange: 'accessbot.change.confirm',
  cancelChange: 'accessbot.change.cancel',
} as const;

export const buttonActionId: Record<ButtonAction, string> = {
  approve: actionIds.approve,
  decline: actionIds.decline,
  approveAll: actionIds.approveAll,
  confirmChange: actionIds.confirmChange,
  cancelChange: actionIds.cancelChange,
  looking: actionIds.looking,
};

export const callbackIds = {
  decline: 'accessbot.decline',
  approve: 'accessbot.approve_confirm',
  request: 'accessbot.request',
} as const;

/** Blocks of one task card share this prefix, so a card can be found in a posted message. */
export const cardBlockId = (taskId: string, part: string) => `task:${taskId}:${part}`;

/** Task ids as the core accepts them (uuids); anything else is refused before any call. */
export const TaskId = z.uuid().transform((id) => id.toLowerCase());

/** Approve carries the task id; a sensitive approval's confirmation adds `:<code>`. */
export const ApproveValue = z
  .string()
  .max(100)
  .transform((value) => value.split(':'))
  .pipe(z.union([z.tuple([TaskId]), z.tuple([TaskId, ConfirmationCode])]))
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
  }),
  /** An ephemeral answer to a slash command: replaced through its `response_url`. */
  z.object({ kind: z.literal('ephemeral'), responseUrl: z.url() }),
  /** The App Home tab: published again. */
  z.object({ kind: z.literal('home') }),
]);
export type Origin = z.infer<typeof Origin>;

export const DeclineMetadata = z.object({ taskId: TaskId, origin: Origin });
export type DeclineMetadata = z.infer<typeof DeclineMetadata>;

/** The form that confirms a sensitive approval: the task, its code, where the click came from. */
export const ApproveMetadata = z.object({ taskId: TaskId, code: ConfirmationCode, origin: Origin });
export type ApproveMetadata = z.infer<typeof ApproveMetadata>;

export const RequestMetadata = z.object({
  /** The slash command's response_url, to confirm in the same conversation; else a DM. */
  responseUrl: z.url().optional(),
});
export type RequestMetadata = z.infer<typeof RequestMetadata>;

/** Parses a view's private_metadata; undefined when it is not ours or is malformed. */
export function readMetadata<T extends z.ZodType>(schema: T, raw: string): z.infer<T> | undefined {
  try {
    const parsed = schema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}
