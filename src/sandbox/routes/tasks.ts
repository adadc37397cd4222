/** Tasks and policies (spec 4.2): a user's task list, one task, approve, decline. */
import { z } from 'zod';
import { DeclineBody } from '../../access/schemas.ts';
import { badRequest } from '../errors.ts';
import { noContent, ok } from '../http.ts';
import { taskKey } from '../order.ts';
import type { Route } from '../router.ts';

/** Approve takes `{}` (or nothing). */
const ApproveBody = z.strictObject({});

export const taskRoutes: Route[] = [
  {
    method: 'GET',
    path: '/Tasks',
    handle: ({ state, query, statusParam, page }) => {
      const userId = query.get('userId');
      if (!userId) throw badRequest('The userId query parameter is required');
      const status = query.get(statusParam) ?? undefined;
      return ok(page(state.tasksFor(userId, status), taskKey));
    },
  },
  {
    method: 'GET',
    path: '/Tasks/:taskId',
    handle: ({ state, params }) => ok(state.task(params.taskId!)),
  },
  {
    // The service acts with one credential and cannot tell who clicked: the assignee decides.
    method: 'POST',
    path: '/Tasks/:taskId/Approve',
    handle: ({ state, params, body }) => {
      const task = state.task(params.taskId!);
      body(ApproveBody, {});
      return ok(state.decideTask(task.id, 'Approved', task.assigneeId));
    },
  },
  {
    method: 'POST',
    path: '/Tasks/:taskId/Decline',
    handle: ({ state, params, body }) => {
      const task = state.task(params.taskId!);
      const { reason } = body(DeclineBody, {});
      state.decideTask(task.id, 'Declined', task.assigneeId, reason);
      return noContent;
    },
  },
  {
    method: 'GET',
    path: '/Policies/CompatiblePolicies/:requestType',
    handle: ({ state, params }) => ok(state.compatiblePolicies(params.requestType!)),
  },
];
