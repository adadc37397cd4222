/** The stored forms of a person's task lists: their numbering, and the tasks they were shown. */
import { z } from 'zod';
import { checked } from './checked.ts';

/** As many as a `tasks` list can number (see `TaskRef` in src/core/commands.ts). */
const TaskIds = z.array(z.string().min(1)).max(500);

export const checkedTaskIds = (ids: unknown, code: 'STORE_INVALID_INPUT' | 'STORE_CORRUPT_ROW') =>
  checked(TaskIds, ids, code, 'task numbering');

const Audience = z.object({
  accessUserId: z.string().min(1),
  taskIds: z.array(z.string().min(1)),
  at: z.date(),
});

/** The input of `rememberTasks`, checked. */
export const checkedAudience = (accessUserId: string, taskIds: string[], at: Date) =>
  checked(Audience, { accessUserId, taskIds, at }, 'STORE_INVALID_INPUT', 'the tasks shown');
