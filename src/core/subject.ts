/**
 * What a mark, a question or an away approver on a card is about: an access request's whole
 * request (each of its approvers has a task of their own), any other task alone.
 */
import { type Task, TaskTypes, taskFacts } from '../access/schemas.ts';

export function subjectOf(task: Task): string {
  const { accessId } = taskFacts(task);
  return task.type === TaskTypes.accessRequest && accessId ? accessId : task.id;
}
