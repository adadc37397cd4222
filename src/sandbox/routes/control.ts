/**
 * The sandbox's control endpoints, under `/__sandbox/`. They are NOT part of the Access Service:
 * they let a test that runs the bot in another process inject faults, decide a task as someone
 * outside the bot would, and read a task past any fault. Same credentials as the API; faults
 * never apply to them.
 */
import { z } from 'zod';
import { FaultCommand } from '../faults.ts';
import { noContent, ok } from '../http.ts';
import type { Routes } from '../router.ts';

const DecideCommand = z.strictObject({
  taskId: z.string().min(1),
  status: z.enum(['Approved', 'Declined']),
  byUserId: z.string().min(1),
  reason: z.string().max(2000).optional(),
});

export const controlRoutes: Routes = {
  'POST /faults': ({ faults, body }) => {
    faults.apply(body(FaultCommand));
    return noContent;
  },
  'POST /decide': ({ state, body }) => {
    const { taskId, status, byUserId, reason } = body(DecideCommand);
    return ok(state.decideTask(taskId, status, byUserId, reason));
  },
  'GET /tasks/:taskId': ({ state, params }) => ok(state.task(params.taskId!)),
};
