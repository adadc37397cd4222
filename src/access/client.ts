/**
 * A typed method for every endpoint of the Access Service. Lists are async iterators that fetch
 * page by page, so a caller that has found what it needs stops the requests. Only GETs are ever
 * sent twice (http.ts): a POST, PUT, PATCH or DELETE that failed is looked into by its caller,
 * never repeated blindly.
 */
import { z } from 'zod';
import { endpoints as e, probeEndpoint } from './endpoints.ts';
import { AccessHttp, type AccessHttpOptions } from './http.ts';
import {
  Access,
  AccessList,
  AccessRequest,
  type CustomField,
  CustomFieldList,
  type CustomFieldUpdateItem,
  CustomFieldUpdateRequest,
  DeclineBody,
  GroupMemberAddition,
  listOf,
  type PermissionLevel,
  PermissionLevelList,
  type Policy,
  PolicyAssignment,
  PolicyList,
  Task,
  TaskList,
  User,
  UserList,
  UsersGroup,
  UsersGroupList,
  WorkApp,
  WorkAppList,
} from './schemas.ts';

/** A list's first page in either shape a list endpoint may answer with, its items unread. */
const AnyPage = listOf(z.unknown());

export interface AccessClientOptions extends AccessHttpOptions {
  /** Name of the query parameter that filters tasks by status (not shown by the spec). */
  statusParam?: string;
}

export class AccessClient {
  readonly #http: AccessHttp;
  readonly #statusParam: string;

  constructor(options: AccessClientOptions) {
    this.#http = new AccessHttp(options);
    this.#statusParam = options.statusParam ?? 'status';
  }

  /**
   * One request that every installation answers, whatever its data: the first page of WorkApps,
   * tried once, its items unread. It fails as any call does (a wrong ACCESS_API_URL as a
   * `WrongAddressError`, refused credentials as an `UnauthorizedError`, an outage as a
   * `ServiceUnavailableError`).
   */
  async probe(): Promise<void> {
    const { name, path } = probeEndpoint;
    await this.#http.send(name, { method: 'GET', path: path(), once: true }, AnyPage);
  }

  listUsers(): AsyncGenerator<User> {
    return this.#http.list(e.listUsers.name, { path: e.listUsers.path() }, UserList);
  }

  getUser(userId: string): Promise<User> {
    return this.#get(e.getUser.name, e.getUser.path(userId), User);
  }

  listGroups(): AsyncGenerator<UsersGroup> {
    return this.#http.list(e.listGroups.name, { path: e.listGroups.path() }, UsersGroupList);
  }

  getGroup(groupId: string): Promise<UsersGroup> {
    return this.#get(e.getGroup.name, e.getGroup.path(groupId), UsersGroup);
  }

  listGroupDefaultWorkApps(groupId: string): AsyncGenerator<WorkApp> {
    const { name, path } = e.listGroupDefaultWorkApps;
    return this.#http.list(name, { path: path(groupId) }, WorkAppList);
  }

  listGroupHiddenWorkApps(groupId: string): AsyncGenerator<WorkApp> {
    const { name, path } = e.listGroupHiddenWorkApps;
    return this.#http.list(name, { path: path(groupId) }, WorkAppList);
  }

  listGroupMembers(groupId: string): AsyncGenerator<User> {
    const { name, path } = e.listGroupMembers;
    return this.#http.list(name, { path: path(groupId) }, UserList);
  }

  async addGroupMember(groupId: string, userId: string): Promise<void> {
    const { name, path } = e.addGroupMember;
    const json = GroupMemberAddition.parse({ userId });
    await this.#http.send(name, { method: 'POST', path: path(groupId), json });
  }

  async removeGroupMember(groupId: string, userId: string): Promise<void> {
    const { name, path } = e.removeGroupMember;
    await this.#http.send(name, { method: 'DELETE', path: path(groupId, userId) });
  }

  listWorkApps(): AsyncGenerator<WorkApp> {
    return this.#http.list(e.listWorkApps.name, { path: e.listWorkApps.path() }, WorkAppList);
  }

  getWorkApp(workAppId: string): Promise<WorkApp> {
    return this.#get(e.getWorkApp.name, e.getWorkApp.path(workAppId), WorkApp);
  }

  listWorkAppAccesses(workAppId: string): AsyncGenerator<Access> {
    const { name, path } = e.listWorkAppAccesses;
    return this.#http.list(name, { path: path(workAppId) }, AccessList);
  }

  listPermissionLevels(workAppId: string): AsyncGenerator<PermissionLevel> {
    const { name, path } = e.listPermissionLevels;
    return this.#http.list(name, { path: path(workAppId) }, PermissionLevelList);
  }

  /** `signal` ends the read (and its retries) when it aborts, e.g. at a deadline. */
  listCustomFields(workAppId: string, signal?: AbortSignal): AsyncGenerator<CustomField> {
    const { name, path } = e.listCustomFields;
    return this.#http.list(name, { path: path(workAppId), signal }, CustomFieldList);
  }

  /**
   * Spec 4.1: only `customFields` items with a uuid `id` and a string or null `value` (null
   * removes the value) are sent — anything else is refused here, before a request goes out;
   * success is 204 with no body.
   */
  async updateCustomFields(workAppId: string, items: CustomFieldUpdateItem[]): Promise<void> {
    const { name, path } = e.updateCustomFields;
    const json = CustomFieldUpdateRequest.parse({ customFields: items });
    await this.#http.send(name, { method: 'PATCH', path: path(workAppId), json });
  }

  createAccess(request: AccessRequest): Promise<Access> {
    const { name, path } = e.createAccess;
    const json = AccessRequest.parse(request);
    return this.#http.send(name, { method: 'POST', path: path(), json }, Access);
  }

  /** A user's tasks, optionally only those in `status`. */
  listTasks(userId: string, status?: string): AsyncGenerator<Task> {
    const searchParams: Record<string, string> = { userId };
    if (status !== undefined) searchParams[this.#statusParam] = status;
    return this.#http.list(e.listTasks.name, { path: e.listTasks.path(), searchParams }, TaskList);
  }

  getTask(taskId: string): Promise<Task> {
    return this.#get(e.getTask.name, e.getTask.path(taskId), Task);
  }

  /** Never retried: a second POST could act twice; callers re-read the task instead. */
  async approveTask(taskId: string): Promise<void> {
    const { name, path } = e.approveTask;
    await this.#http.send(name, { method: 'POST', path: path(taskId), json: {} });
  }

  async declineTask(taskId: string, reason?: string): Promise<void> {
    const { name, path } = e.declineTask;
    const json = DeclineBody.parse(reason ? { reason } : {});
    await this.#http.send(name, { method: 'POST', path: path(taskId), json });
  }

  listCompatiblePolicies(requestType: string): AsyncGenerator<Policy> {
    const { name, path } = e.listCompatiblePolicies;
    return this.#http.list(name, { path: path(requestType) }, PolicyList);
  }

  /** The policy that decides `requestType` on the WorkApp. */
  async setWorkAppPolicy(workAppId: string, requestType: string, policyId: string): Promise<void> {
    const { name, path } = e.setWorkAppPolicy;
    const json = PolicyAssignment.parse({ policyId });
    await this.#http.send(name, { method: 'PUT', path: path(workAppId, requestType), json });
  }

  /** The policy that decides `requestType` on one permission level, over the WorkApp's own. */
  async setPermissionLevelPolicy(
    workAppId: string,
    permissionLevelId: string,
    requestType: string,
    policyId: string,
  ): Promise<void> {
    const { name, path } = e.setPermissionLevelPolicy;
    const json = PolicyAssignment.parse({ policyId });
    const url = path(workAppId, permissionLevelId, requestType);
    await this.#http.send(name, { method: 'PUT', path: url, json });
  }

  #get<T extends z.ZodType>(name: Parameters<AccessHttp['send']>[0], path: string, schema: T) {
    return this.#http.send(name, { method: 'GET', path }, schema);
  }
}
