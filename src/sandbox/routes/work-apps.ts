/** WorkApps, their accesses, levels, custom fields and policies (spec 4.1 and 4.2). */
import { AccessRequest, CustomFieldUpdateRequest, PolicyAssignment } from '../../access/schemas.ts';
import { knownRequestType } from '../directory.ts';
import { noContent, ok } from '../http.ts';
import { accessKey, nameKey } from '../order.ts';
import type { Route } from '../router.ts';

export const workAppRoutes: Route[] = [
  {
    method: 'GET',
    path: '/WorkApps',
    handle: ({ state, page }) =>
      ok(
        page(
          [...state.workApps.values()].map((app) => app.record),
          nameKey,
        ),
      ),
  },
  {
    method: 'GET',
    path: '/WorkApps/:workAppId',
    handle: ({ state, params }) => ok(state.workApp(params.workAppId!).record),
  },
  {
    method: 'GET',
    path: '/WorkApps/:workAppId/Accesses',
    handle: ({ state, params, page }) => ok(page(state.accessesOf(params.workAppId!), accessKey)),
  },
  {
    method: 'GET',
    path: '/WorkApps/:workAppId/PermissionLevels',
    // Levels keep their defined order (least to most access), as a picker shows them.
    handle: ({ state, params }) =>
      ok([...state.workApp(params.workAppId!).levels.values()].map((level) => level.record)),
  },
  {
    method: 'GET',
    path: '/WorkApps/:workAppId/CustomFields',
    handle: ({ state, params }) => ok([...state.workApp(params.workAppId!).fields.values()]),
  },
  {
    method: 'PATCH',
    path: '/WorkApps/:workAppId/CustomFields',
    handle: ({ state, params, body }) => {
      // An unknown WorkApp is a 404 whatever the body.
      const app = state.workApp(params.workAppId!);
      state.updateCustomFields(app.record.id, body(CustomFieldUpdateRequest).customFields);
      return noContent;
    },
  },
  {
    method: 'POST',
    path: '/WorkApps/Accesses',
    handle: ({ state, body }) => ok(state.createAccessRequest(body(AccessRequest)), 201),
  },
  {
    method: 'PUT',
    path: '/WorkApps/:workAppId/Policies/:requestType',
    handle: ({ state, params, body }) => {
      // The path is checked (404) before the body (400, 422).
      const { workAppId, requestType } = params;
      state.workApp(workAppId!);
      knownRequestType(requestType!);
      state.assignPolicy(workAppId!, null, requestType!, body(PolicyAssignment).policyId);
      return noContent;
    },
  },
  {
    method: 'PUT',
    path: '/WorkApps/:workAppId/PermissionLevels/:levelId/Policies/:requestType',
    handle: ({ state, params, body }) => {
      const { workAppId, levelId, requestType } = params;
      state.level(state.workApp(workAppId!), levelId!);
      knownRequestType(requestType!);
      state.assignPolicy(workAppId!, levelId!, requestType!, body(PolicyAssignment).policyId);
      return noContent;
    },
  },
];
