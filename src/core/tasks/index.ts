/** What other features may use of tasks and decisions. */
export type { TaskAudience } from './audience.ts';
export { parseRef, TaskRef } from './commands.ts';
export type { CardExtras } from './decision-context.ts';
export { type DecisionResult, notYours } from './decision-result.ts';
export { stateOf, taskCard, taskTitle } from './task-card.ts';
export { approveAllButton } from './task-list.ts';
export type { TaskRefs } from './task-refs.ts';
