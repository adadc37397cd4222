/** Users and user groups (spec 4.2); lists are paginated except a group's WorkApp sets. */
import { GroupMemberAddition } from '../../access/schemas.ts';
import { noContent, ok } from '../http.ts';
import { nameKey, sortedBy } from '../order.ts';
import type { Routes } from '../router.ts';
import type { SandboxState } from '../state.ts';

const appsOf = (state: SandboxState, ids: Set<string>) =>
  sortedBy(
    ids.values().map((id) => state.workApp(id).record),
    nameKey,
  );

export const directoryRoutes: Routes = {
  'GET /users': ({ state, page }) => ok(page(state.users.values(), nameKey)),
  'GET /users/:userId': ({ state, params }) => ok(state.user(params.userId!)),
  // The spec writes the list with a trailing slash; both spellings are one resource.
  'GET /UsersGroups{/}?': ({ state, page }) =>
    ok(
      page(
        state.groups.values().map((g) => g.record),
        nameKey,
      ),
    ),
  'GET /UsersGroups/:groupId': ({ state, params }) => ok(state.group(params.groupId!).record),
  'GET /UsersGroups/:groupId/DefaultWorkApps': ({ state, params }) =>
    ok(appsOf(state, state.group(params.groupId!).defaultWorkAppIds)),
  'GET /UsersGroups/:groupId/HiddenWorkApps': ({ state, params }) =>
    ok(appsOf(state, state.group(params.groupId!).hiddenWorkAppIds)),
  'GET /UsersGroups/:groupId/Users': ({ state, params, page }) =>
    ok(page(state.groupMembers(params.groupId!), nameKey)),
  'POST /UsersGroups/:groupId/Users': ({ state, params, body }) => {
    const group = state.group(params.groupId!);
    const { userId } = body(GroupMemberAddition);
    state.addGroupMember(group.record.id, userId);
    return ok(state.user(userId), 201);
  },
  'DELETE /UsersGroups/:groupId/Users/:userId': ({ state, params }) => {
    state.removeGroupMember(params.groupId!, params.userId!);
    return noContent;
  },
};
