/** The store slice of questions to requesters (`src/store/tables/task-questions.ts`). */
import { z } from 'zod';
import type { WaitPeriod } from '../../store/records.ts';

export const TaskQuestion = z.object({
  id: z.string().min(1),
  /** The request's access id; the task's own id when the task names no request. */
  subject: z.string().min(1),
  /** The asking approver's task. */
  taskId: z.string().min(1),
  askedBy: z.string().min(1),
  askedByName: z.string().min(1),
  requesterId: z.string().min(1),
  requesterName: z.string().nullable(),
  question: z.string().min(1),
  askedAt: z.date(),
  answer: z.string().nullable(),
  answeredAt: z.date().nullable(),
  waitSeconds: z.coerce.number().int().nonnegative().nullable(),
});
export type TaskQuestion = z.infer<typeof TaskQuestion>;

export const NewTaskQuestion = TaskQuestion.omit({
  answer: true,
  answeredAt: true,
  waitSeconds: true,
});
export type NewTaskQuestion = z.infer<typeof NewTaskQuestion>;

export interface TaskQuestionStore {
  /** False, and not kept, while a question on its subject still waits for its answer. */
  putTaskQuestion(question: NewTaskQuestion): Promise<boolean>;
  getTaskQuestion(id: string): Promise<TaskQuestion | undefined>;
  /** Newest first. */
  questionsOn(subjects: string[], limit: number): Promise<TaskQuestion[]>;
  /**
   * False when no card of these subjects has a note: no question on any, no approver's absence
   * waiting on any (true may still find none: `awayOn` also checks that the absence goes on).
   */
  hasNotes(subjects: string[]): Promise<boolean>;
  /** Newest first. */
  questionsFor(requesterId: string, limit: number): Promise<TaskQuestion[]>;
  /** Undefined when an answer was already recorded. */
  answerTaskQuestion(id: string, answer: string, now: Date): Promise<TaskQuestion | undefined>;
  /** `answered`: before the period's end. */
  countQuestions(period: WaitPeriod): Promise<{ asked: number; answered: number }>;
  /** Rank 0: the shortest wait for an answer. */
  answerWaitAt(period: WaitPeriod, rank: number): Promise<number | undefined>;
  /** Also the waits on approvers away that began before and are over (the audit retention). */
  pruneAsks(before: Date): Promise<number>;
}
