/**
 * Every path of the Access Service, in one place: the spec's table (section 4), appended to
 * `ACCESS_API_URL`, which already holds the `/api/v1` prefix. Each endpoint is named by its line
 * of the spec (method and path shape), which errors and metrics carry, never a concrete URL; its
 * `path` fills the `{…}` placeholders in order, each value encoded.
 */
export type Ids<S extends string> = S extends `${string}{${string}}${infer Rest}`
  ? [string, ...Ids<Rest>]
  : [];

/** An endpoint: its name, and its path with the ids filled in. */
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

/**
 * Whether the endpoint's path names no item (`GET /Tasks`, `GET /WorkApps`): every Access
 * Service has it, so a 404 there says ACCESS_API_URL points elsewhere, not that something is gone.
 */
export const fixedPath = (name: EndpointName) => !name.includes('{');

/** The probe's endpoint: a list every installation can answer, whatever its data. */
export const probeEndpoint = endpoints.listWorkApps;
