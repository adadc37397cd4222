/** Users and user groups (spec 4.2); lists are paginated except a group's WorkApp sets. */
import { GroupMemberAddition } from '../../access/schemas.ts';
import { noContent, ok } from '../http.ts';
import { nameKey, sortedBy } from '../order.ts';
import type { Route } from '../router.ts';
import type { SandboxState } from '../state.ts';

const appsOf = (state: SandboxState, ids: Set<string>) =>
  sortedBy(
    [...ids].map((id) => state.workApp(id).record),
    nameKey,
  );

export const directoryRoutes: Route[] = [
  {
    method: 'GET',
    path: '/users',
    handle: ({ state, page }) => ok(page(state.users.values(), nameKey)),
  },
  {
    method: 'GET',
    path: '/users/:userId',
    handle: ({ state, params }) => ok(state.user(params.userId!)),
  },
  {
    method: 'GET',
    // The spec writes the list with a trailing slash; both spellings are one resource.
    path: '/UsersGroups{/}?',
    handle: ({ state, page }) =>
      ok(
        page(
          [...state.groups.values()].map((g) => g.record),
          nameKey,
        ),
      ),
  },
  {
    method: 'GET',
    path: '/UsersGroups/:groupId',
    handle: ({ state, params }) => ok(state.group(params.groupId!).record),
  },
  {
    method: 'GET',
    path: '/UsersGroups/:groupId/DefaultWorkApps',
    handle: ({ state, params }) =>
      ok(appsOf(state, state.group(params.groupId!).defaultWorkAppIds)),
  },
  {
    method: 'GET',
    path: '/UsersGroups/:groupId/HiddenWorkApps',
    handle: ({ state, params }) => ok(appsOf(state, state.group(params.groupId!).hiddenWorkAppIds)),
  },
  {
    method: 'GET',
    path: '/UsersGroups/:groupId/Users',
    handle: ({ state, params, page }) => ok(page(state.groupMembers(params.groupId!), nameKey)),
  },
  {
    method: 'POST',
    path: '/UsersGroups/:groupId/Users',
    handle: ({ state, params, body }) => {
      const group = state.group(params.groupId!);
      const { userId } = body(GroupMemberAddition);
      state.addGroupMember(group.record.id, userId);
      return ok(state.user(userId), 201);
    },
  },
  {
    method: 'DELETE',
    path: '/UsersGroups/:groupId/Users/:userId',
    handle: ({ state, params }) => {
      state.removeGroupMember(params.groupId!, params.userId!);
      return noContent;
    },
  },
];
