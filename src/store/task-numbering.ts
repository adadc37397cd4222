/** The stored form of a person's last `tasks` list: its task ids, in order. */
import { z } from 'zod';
import { checked } from './checked.ts';

/** As many as a `tasks` list can number (see `TaskRef` in src/core/commands.ts). */
const TaskIds = z.array(z.string().min(1)).max(500);

export const checkedTaskIds = (ids: unknown, code: 'STORE_INVALID_INPUT' | 'STORE_CORRUPT_ROW') =>
  checked(TaskIds, ids, code, 'task numbering');
