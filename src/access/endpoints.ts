/**
 * Every path of the Access Service (spec section 4), relative to `ACCESS_API_URL`. Errors and
 * metrics carry the endpoint's spec line, never a concrete URL.
 */
export type Ids<S extends string> = S extends `${string}{${string}}${infer Rest}`
  ? [string, ...Ids<Rest>]
  : [];

export interface Endpoint<N extends string = string> {
  name: N;
  path: (...ids: Ids<N>) => string;
}

function endpoint<const N extends string>(name: N): Endpoint<N> {
  const template = name.slice(name.indexOf(' /') + 2);
  const path = (...ids: Ids<N>) => {
    const values: string[] = ids;
    return template.replace(/\{[^}]+\}/g, () => encodeURIComponent(values.shift() ?? ''));
  };
  return { name, path };
}

export const endpoints = {
  listUsers: endpoint('GET /users'),
  getUser: endpoint('GET /users/{id}'),
  listGroups: endpoint('GET /UsersGroups/'),
  getGroup: endpoint('GET /UsersGroups/{usersGroupId}'),
  listGroupDefaultWorkApps: endpoint('GET /UsersGroups/{usersGroupId}/DefaultWorkApps'),
  listGroupHiddenWorkApps: endpoint('GET /UsersGroups/{usersGroupId}/HiddenWorkApps'),
  listGroupMembers: endpoint('GET /UsersGroups/{usersGroupId}/Users'),
  addGroupMember: endpoint('POST /UsersGroups/{usersGroupId}/Users'),
  removeGroupMember: endpoint('DELETE /UsersGroups/{usersGroupId}/Users/{userId}'),
  listWorkApps: endpoint('GET /WorkApps'),
  getWorkApp: endpoint('GET /WorkApps/{workAppId}'),
  listWorkAppAccesses: endpoint('GET /WorkApps/{workAppId}/Accesses'),
  listPermissionLevels: endpoint('GET /WorkApps/{workAppId}/PermissionLevels'),
  listCustomFields: endpoint('GET /WorkApps/{workAppId}/CustomFields'),
  updateCustomFields: endpoint('PATCH /WorkApps/{workAppId}/CustomFields'),
  createAccess: endpoint('POST /WorkApps/Accesses'),
  setWorkAppPolicy: endpoint('PUT /WorkApps/{workAppId}/Policies/{requestType}'),
  setPermissionLevelPolicy: endpoint(
    'PUT /WorkApps/{workAppId}/PermissionLevels/{permissionLevelId}/Policies/{requestType}',
  ),
  listTasks: endpoint('GET /Tasks'),
  getTask: endpoint('GET /Tasks/{taskId}'),
  approveTask: endpoint('POST /Tasks/{taskId}/Approve'),
  declineTask: endpoint('POST /Tasks/{taskId}/Decline'),
  listCompatiblePolicies: endpoint('GET /Policies/CompatiblePolicies/{requestType}'),
};

export type EndpointName = (typeof endpoints)[keyof typeof endpoints]['name'];

/** Names no item: every Access Service has it, so a 404 there means a wrong ACCESS_API_URL. */
export const fixedPath = (name: EndpointName) => !name.includes('{');

/** A list every installation can answer, whatever its data. */
export const probeEndpoint = endpoints.listWorkApps;
