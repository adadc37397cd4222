/** Tasks and policies (spec 4.2): a user's task list, one task, approve, decline. */
import { z } from 'zod';
import { DeclineBody } from '../../access/schemas.ts';
import { badRequest } from '../errors.ts';
import { noContent, ok } from '../http.ts';
import { taskKey } from '../order.ts';
import type { Routes } from '../router.ts';

/** Approve takes `{}` (or nothing). */
const ApproveBody = z.strictObject({});

export const taskRoutes: Routes = {
  'GET /Tasks': ({ state, query, statusParam, page }) => {
    const userId = query.get('userId');
    if (!userId) throw badRequest('The userId query parameter is required');
    const status = query.get(statusParam) ?? undefined;
    return ok(page(state.tasksFor(userId, status), taskKey));
  },
  'GET /Tasks/:taskId': ({ state, params }) => ok(state.task(params.taskId!)),
  // The service acts with one credential and cannot tell who clicked: the assignee decides.
  'POST /Tasks/:taskId/Approve': ({ state, params, body }) => {
    const task = state.task(params.taskId!);
    body(ApproveBody, {});
    return ok(state.decideTask(task.id, 'Approved', task.assigneeId));
  },
  'POST /Tasks/:taskId/Decline': ({ state, params, body }) => {
    const task = state.task(params.taskId!);
    const { reason } = body(DeclineBody, {});
    state.decideTask(task.id, 'Declined', task.assigneeId, reason);
    return noContent;
  },
  'GET /Policies/CompatiblePolicies/:requestType': ({ state, params }) =>
    ok(state.compatiblePolicies(params.requestType!)),
};
