/** WorkApps, their accesses, levels, custom fields and policies (spec 4.1 and 4.2). */
import { AccessRequest, CustomFieldUpdateRequest, PolicyAssignment } from '../../access/schemas.ts';
import { knownRequestType } from '../directory.ts';
import { noContent, ok } from '../http.ts';
import { accessKey, nameKey } from '../order.ts';
import type { Routes } from '../router.ts';

export const workAppRoutes: Routes = {
  'GET /WorkApps': ({ state, page }) =>
    ok(
      page(
        state.workApps.values().map((app) => app.record),
        nameKey,
      ),
    ),
  'GET /WorkApps/:workAppId': ({ state, params }) => ok(state.workApp(params.workAppId!).record),
  'GET /WorkApps/:workAppId/Accesses': ({ state, params, page }) =>
    ok(page(state.accessesOf(params.workAppId!), accessKey)),
  // Levels keep their defined order (least to most access), as a picker shows them.
  'GET /WorkApps/:workAppId/PermissionLevels': ({ state, params }) =>
    ok([...state.workApp(params.workAppId!).levels.values()].map((level) => level.record)),
  'GET /WorkApps/:workAppId/CustomFields': ({ state, params }) =>
    ok([...state.workApp(params.workAppId!).fields.values()]),
  'PATCH /WorkApps/:workAppId/CustomFields': ({ state, params, body }) => {
    // An unknown WorkApp is a 404 whatever the body.
    const app = state.workApp(params.workAppId!);
    state.updateCustomFields(app.record.id, body(CustomFieldUpdateRequest).customFields);
    return noContent;
  },
  'POST /WorkApps/Accesses': ({ state, body }) =>
    ok(state.createAccessRequest(body(AccessRequest)), 201),
  'PUT /WorkApps/:workAppId/Policies/:requestType': ({ state, params, body }) => {
    // The path is checked (404) before the body (400, 422).
    const { workAppId, requestType } = params;
    state.workApp(workAppId!);
    knownRequestType(requestType!);
    state.assignPolicy(workAppId!, null, requestType!, body(PolicyAssignment).policyId);
    return noContent;
  },
  'PUT /WorkApps/:workAppId/PermissionLevels/:levelId/Policies/:requestType': ({
    state,
    params,
    body,
  }) => {
    const { workAppId, levelId, requestType } = params;
    state.level(state.workApp(workAppId!), levelId!);
    knownRequestType(requestType!);
    state.assignPolicy(workAppId!, levelId!, requestType!, body(PolicyAssignment).policyId);
    return noContent;
  },
};
