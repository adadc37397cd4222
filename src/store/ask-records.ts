/**
 * The records of an approver's question to a requester and of people away, as zod schemas:
 * every record read back is checked, not trusted.
 */
import { z } from 'zod';
import { Platform } from './records.ts';

/** An approver's question to a requester about a waiting task, and its answer once given. */
export const TaskQuestion = z.object({
  id: z.string().min(1),
  /** The request's access id; the task's own id when the task names no request. */
  subject: z.string().min(1),
  /** The asking approver's task. */
  taskId: z.string().min(1),
  /** The asking approver (an Access user id) and their name. */
  askedBy: z.string().min(1),
  askedByName: z.string().min(1),
  /** The requester (an Access user id) and their name as the task gave it. */
  requesterId: z.string().min(1),
  requesterName: z.string().nullable(),
  question: z.string().min(1),
  askedAt: z.date(),
  answer: z.string().nullable(),
  answeredAt: z.date().nullable(),
  /** From the question to its answer, in whole seconds; null while it waits. */
  waitSeconds: z.coerce.number().int().nonnegative().nullable(),
});
export type TaskQuestion = z.infer<typeof TaskQuestion>;

/** A new question, as it is asked. */
export const NewTaskQuestion = TaskQuestion.omit({
  answer: true,
  answeredAt: true,
  waitSeconds: true,
});
export type NewTaskQuestion = z.infer<typeof NewTaskQuestion>;

/** `2026-12-01`: a calendar day, as a person names it. */
export const Day = z.iso.date();

/** A person away: from `sinceAt` until `untilAt` (the start of `untilDay` in their zone). */
export const Away = z.object({
  accessUserId: z.string().min(1),
  name: z.string().min(1),
  /** The chat identity that said so: its audit entries are theirs. */
  platform: Platform,
  chatUserId: z.string().min(1),
  note: z.string().nullable(),
  untilDay: Day,
  sinceAt: z.date(),
  untilAt: z.date(),
  /** When it ended: `back`, or its date (then `untilAt`); null while it lasts. */
  endedAt: z.date().nullable(),
});
export type Away = z.infer<typeof Away>;

/** What a person says when they go away. */
export const AwayAsked = Away.pick({
  accessUserId: true,
  name: true,
  platform: true,
  chatUserId: true,
  note: true,
  untilDay: true,
  untilAt: true,
});
export type AwayAsked = z.infer<typeof AwayAsked>;

/** One of an away approver's tasks, while it waits on them. */
export const AwayWait = z.object({
  taskId: z.string().min(1),
  accessUserId: z.string().min(1),
  /** The away period it belongs to. */
  awaySinceAt: z.date(),
  /** The request's access id; the task's own id when the task names no request. */
  subject: z.string().min(1),
  startedAt: z.date(),
  /** When the other approvers and the escalation channel were told; null: not yet. */
  toldAt: z.date().nullable(),
  endedAt: z.date().nullable(),
});
export type AwayWait = z.infer<typeof AwayWait>;

/** An away approver on a request (or task), as another approver's card says it. */
export const AwayOn = z.object({
  subject: z.string().min(1),
  taskId: z.string().min(1),
  accessUserId: z.string().min(1),
  name: z.string().min(1),
  note: z.string().nullable(),
  untilDay: Day,
});
export type AwayOn = z.infer<typeof AwayOn>;

/** Which waits the report counts: those that began in the period; open ones up to `asOf`. */
export interface WaitPeriod {
  since: Date;
  /** Exclusive. */
  until: Date;
  /** Waits not over by then count up to it. */
  asOf: Date;
}
