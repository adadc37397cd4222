/**
 * A typed method for every Access Service endpoint. Lists are async iterators, so a caller that
 * has found what it needs stops the requests. Only GETs are retried (http.ts).
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

  /** One request every installation answers (WorkApps' first page, tried once, items unread). */
  async probe(): Promise<void> {
    await this.#http.send(probeEndpoint, [], { once: true }, AnyPage);
  }

  listUsers(): AsyncGenerator<User> {
    return this.#http.list(e.listUsers, [], UserList);
  }

  getUser(userId: string): Promise<User> {
    return this.#http.send(e.getUser, [userId], {}, User);
  }

  listGroups(): AsyncGenerator<UsersGroup> {
    return this.#http.list(e.listGroups, [], UsersGroupList);
  }

  getGroup(groupId: string): Promise<UsersGroup> {
    return this.#http.send(e.getGroup, [groupId], {}, UsersGroup);
  }

  listGroupDefaultWorkApps(groupId: string): AsyncGenerator<WorkApp> {
    return this.#http.list(e.listGroupDefaultWorkApps, [groupId], WorkAppList);
  }

  listGroupHiddenWorkApps(groupId: string): AsyncGenerator<WorkApp> {
    return this.#http.list(e.listGroupHiddenWorkApps, [groupId], WorkAppList);
  }

  listGroupMembers(groupId: string): AsyncGenerator<User> {
    return this.#http.list(e.listGroupMembers, [groupId], UserList);
  }

  async addGroupMember(groupId: string, userId: string): Promise<void> {
    const json = GroupMemberAddition.parse({ userId });
    await this.#http.send(e.addGroupMember, [groupId], { json });
  }

  async removeGroupMember(groupId: string, userId: string): Promise<void> {
    await this.#http.send(e.removeGroupMember, [groupId, userId]);
  }

  listWorkApps(): AsyncGenerator<WorkApp> {
    return this.#http.list(e.listWorkApps, [], WorkAppList);
  }

  getWorkApp(workAppId: string): Promise<WorkApp> {
    return this.#http.send(e.getWorkApp, [workAppId], {}, WorkApp);
  }

  listWorkAppAccesses(workAppId: string): AsyncGenerator<Access> {
    return this.#http.list(e.listWorkAppAccesses, [workAppId], AccessList);
  }

  listPermissionLevels(workAppId: string): AsyncGenerator<PermissionLevel> {
    return this.#http.list(e.listPermissionLevels, [workAppId], PermissionLevelList);
  }

  listCustomFields(workAppId: string, signal?: AbortSignal): AsyncGenerator<CustomField> {
    return this.#http.list(e.listCustomFields, [workAppId], CustomFieldList, { signal });
  }

  /** Spec 4.1: anything but uuid `id` and string-or-null `value` is refused before sending. */
  async updateCustomFields(workAppId: string, items: CustomFieldUpdateItem[]): Promise<void> {
    const json = CustomFieldUpdateRequest.parse({ customFields: items });
    await this.#http.send(e.updateCustomFields, [workAppId], { json });
  }

  createAccess(request: AccessRequest): Promise<Access> {
    return this.#http.send(e.createAccess, [], { json: AccessRequest.parse(request) }, Access);
  }

  listTasks(userId: string, status?: string): AsyncGenerator<Task> {
    const searchParams: Record<string, string> = { userId };
    if (status !== undefined) searchParams[this.#statusParam] = status;
    return this.#http.list(e.listTasks, [], TaskList, { searchParams });
  }

  getTask(taskId: string): Promise<Task> {
    return this.#http.send(e.getTask, [taskId], {}, Task);
  }

  /** Never retried: a second POST could act twice; callers re-read the task instead. */
  async approveTask(taskId: string): Promise<void> {
    await this.#http.send(e.approveTask, [taskId], { json: {} });
  }

  async declineTask(taskId: string, reason?: string): Promise<void> {
    const json = DeclineBody.parse(reason ? { reason } : {});
    await this.#http.send(e.declineTask, [taskId], { json });
  }

  listCompatiblePolicies(requestType: string): AsyncGenerator<Policy> {
    return this.#http.list(e.listCompatiblePolicies, [requestType], PolicyList);
  }

  async setWorkAppPolicy(workAppId: string, requestType: string, policyId: string): Promise<void> {
    const json = PolicyAssignment.parse({ policyId });
    await this.#http.send(e.setWorkAppPolicy, [workAppId, requestType], { json });
  }

  /** Overrides the WorkApp's own policy. */
  async setPermissionLevelPolicy(
    workAppId: string,
    permissionLevelId: string,
    requestType: string,
    policyId: string,
  ): Promise<void> {
    const json = PolicyAssignment.parse({ policyId });
    const ids: [string, string, string] = [workAppId, permissionLevelId, requestType];
    await this.#http.send(e.setPermissionLevelPolicy, ids, { json });
  }
}
