/**
 * The store slice of questions to requesters: the records of a question and its answer, and the
 * role the feature needs. Its table is `task_questions` (`src/store/tables/task-questions.ts`),
 * made by the SQLite and PostgreSQL migrations (`src/store/{sqlite,postgres}/migrations.ts`).
 * Every record read back is checked, not trusted.
 */
import { z } from 'zod';
import type { WaitPeriod } from '../../store/records.ts';

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

export interface TaskQuestionStore {
  /** Keeps a new question unless one on its subject still waits for its answer; true when kept. */
  putTaskQuestion(question: NewTaskQuestion): Promise<boolean>;
  getTaskQuestion(id: string): Promise<TaskQuestion | undefined>;
  /** The questions on these subjects, newest first, at most `limit` in all. */
  questionsOn(subjects: string[], limit: number): Promise<TaskQuestion[]>;
  /** The questions to this requester, newest first, at most `limit`. */
  questionsFor(requesterId: string, limit: number): Promise<TaskQuestion[]>;
  /** Records the answer unless one is recorded: the question as answered, or undefined. */
  answerTaskQuestion(id: string, answer: string, now: Date): Promise<TaskQuestion | undefined>;
  /** Questions asked in the period, and how many of them were answered before its end. */
  countQuestions(period: WaitPeriod): Promise<{ asked: number; answered: number }>;
  /** Of those answered, the wait for the answer at `rank` of their order (0: the shortest). */
  answerWaitAt(period: WaitPeriod, rank: number): Promise<number | undefined>;
  /**
   * Deletes the questions asked before `before` and the waits on approvers away that began before
   * it and are over (the audit retention); how many.
   */
  pruneAsks(before: Date): Promise<number>;
}
