/**
 * Every path of the Access Service, in one place: the spec's table (section 4), appended to
 * `ACCESS_API_URL`, which already holds the `/api/v1` prefix. Each endpoint has a stable name
 * (the spec's method and path shape) that errors and metrics carry, never a concrete URL.
 */
const seg = (value: string) => encodeURIComponent(value);

export const endpoints = {
  listUsers: { name: 'GET /users', path: () => 'users' },
  getUser: { name: 'GET /users/{id}', path: (id: string) => `users/${seg(id)}` },
  listGroups: { name: 'GET /UsersGroups/', path: () => 'UsersGroups/' },
  getGroup: {
    name: 'GET /UsersGroups/{usersGroupId}',
    path: (groupId: string) => `UsersGroups/${seg(groupId)}`,
  },
  listGroupDefaultWorkApps: {
    name: 'GET /UsersGroups/{usersGroupId}/DefaultWorkApps',
    path: (groupId: string) => `UsersGroups/${seg(groupId)}/DefaultWorkApps`,
  },
  listGroupHiddenWorkApps: {
    name: 'GET /UsersGroups/{usersGroupId}/HiddenWorkApps',
    path: (groupId: string) => `UsersGroups/${seg(groupId)}/HiddenWorkApps`,
  },
  listGroupMembers: {
    name: 'GET /UsersGroups/{usersGroupId}/Users',
    path: (groupId: string) => `UsersGroups/${seg(groupId)}/Users`,
  },
  addGroupMember: {
    name: 'POST /UsersGroups/{usersGroupId}/Users',
    path: (groupId: string) => `UsersGroups/${seg(groupId)}/Users`,
  },
  removeGroupMember: {
    name: 'DELETE /UsersGroups/{usersGroupId}/Users/{userId}',
    path: (groupId: string, userId: string) => `UsersGroups/${seg(groupId)}/Users/${seg(userId)}`,
  },
  listWorkApps: { name: 'GET /WorkApps', path: () => 'WorkApps' },
  getWorkApp: {
    name: 'GET /WorkApps/{workAppId}',
    path: (appId: string) => `WorkApps/${seg(appId)}`,
  },
  listWorkAppAccesses: {
    name: 'GET /WorkApps/{workAppId}/Accesses',
    path: (appId: string) => `WorkApps/${seg(appId)}/Accesses`,
  },
  listPermissionLevels: {
    name: 'GET /WorkApps/{workAppId}/PermissionLevels',
    path: (appId: string) => `WorkApps/${seg(appId)}/PermissionLevels`,
  },
  listCustomFields: {
    name: 'GET /WorkApps/{workAppId}/CustomFields',
    path: (appId: string) => `WorkApps/${seg(appId)}/CustomFields`,
  },
  updateCustomFields: {
    name: 'PATCH /WorkApps/{workAppId}/CustomFields',
    path: (appId: string) => `WorkApps/${seg(appId)}/CustomFields`,
  },
  createAccess: { name: 'POST /WorkApps/Accesses', path: () => 'WorkApps/Accesses' },
  setWorkAppPolicy: {
    name: 'PUT /WorkApps/{workAppId}/Policies/{requestType}',
    path: (appId: string, requestType: string) =>
      `WorkApps/${seg(appId)}/Policies/${seg(requestType)}`,
  },
  setPermissionLevelPolicy: {
    name: 'PUT /WorkApps/{workAppId}/PermissionLevels/{permissionLevelId}/Policies/{requestType}',
    path: (appId: string, levelId: string, requestType: string) =>
      `WorkApps/${seg(appId)}/PermissionLevels/${seg(levelId)}/Policies/${seg(requestType)}`,
  },
  listTasks: { name: 'GET /Tasks', path: () => 'Tasks' },
  getTask: { name: 'GET /Tasks/{taskId}', path: (taskId: string) => `Tasks/${seg(taskId)}` },
  approveTask: {
    name: 'POST /Tasks/{taskId}/Approve',
    path: (taskId: string) => `Tasks/${seg(taskId)}/Approve`,
  },
  declineTask: {
    name: 'POST /Tasks/{taskId}/Decline',
    path: (taskId: string) => `Tasks/${seg(taskId)}/Decline`,
  },
  listCompatiblePolicies: {
    name: 'GET /Policies/CompatiblePolicies/{requestType}',
    path: (requestType: string) => `Policies/CompatiblePolicies/${seg(requestType)}`,
  },
} as const;

export type EndpointName = (typeof endpoints)[keyof typeof endpoints]['name'];
