/**
 * When an access review is due: the date the Access Service gives the task, else `dueDays` after
 * it was opened (REVIEW_DUE_DAYS). A group is due when its earliest review is.
 */
import { type Task, taskFacts } from '../../access/schemas.ts';

const DAY_MS = 86_400_000;

/** REVIEW_DUE_DAYS's default. */
export const DEFAULT_REVIEW_DUE_DAYS = 14;

/** An ISO instant, or none when the service gives neither a due date nor an opening time. */
export function reviewDue(task: Task, dueDays: number): string | undefined {
  const { dueAt, createdAt } = taskFacts(task);
  if (dueAt) return dueAt;
  if (!createdAt) return undefined;
  return new Date(Date.parse(createdAt) + dueDays * DAY_MS).toISOString();
}

/** The earliest due date of the tasks, or none when none of them has one. */
export function groupDue(tasks: readonly Task[], dueDays: number): string | undefined {
  let earliest: string | undefined;
  for (const task of tasks) {
    const due = reviewDue(task, dueDays);
    if (due && (!earliest || Date.parse(due) < Date.parse(earliest))) earliest = due;
  }
  return earliest;
}
