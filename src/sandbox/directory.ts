/** The sandbox's directory and the lookups and edits the endpoints need; tasks: `state.ts`. */
import { EventEmitter } from 'node:events';
import type { CustomFieldUpdateItem } from '../access/schemas.ts';
import { badRequest, conflict, notFound, unprocessable } from './errors.ts';
import type {
  AccessRecord,
  CustomFieldRecord,
  GroupRecord,
  PermissionLevelRecord,
  PolicyRecord,
  RequestType,
  TaskRecord,
  UserRecord,
  WorkAppRecord,
} from './model.ts';
import { isRequestType } from './model.ts';
import { accessKey, nameKey, sortedBy } from './order.ts';

export interface GroupEntry {
  record: GroupRecord;
  memberIds: Set<string>;
  defaultWorkAppIds: Set<string>;
  hiddenWorkAppIds: Set<string>;
}

/** Policy assignments by request type; a level's assignment overrides its app's. */
type PolicyIds = Map<RequestType, string>;

export interface LevelEntry {
  record: PermissionLevelRecord;
  policyIds: PolicyIds;
}

export interface WorkAppEntry {
  record: WorkAppRecord;
  levels: Map<string, LevelEntry>;
  fields: Map<string, CustomFieldRecord>;
  policyIds: PolicyIds;
}

export interface SandboxEvents {
  taskCreated: [task: TaskRecord];
  taskDecided: [task: TaskRecord];
}

/** An EventEmitter so that state.ts can announce task changes. */
export class Directory extends EventEmitter<SandboxEvents> {
  readonly users = new Map<string, UserRecord>();
  readonly groups = new Map<string, GroupEntry>();
  readonly workApps = new Map<string, WorkAppEntry>();
  readonly policies = new Map<string, PolicyRecord>();
  readonly accesses = new Map<string, AccessRecord>();

  addUser(user: UserRecord): void {
    this.users.set(user.id, user);
  }

  addGroup(
    record: GroupRecord,
    links: { memberIds?: string[]; defaultWorkAppIds?: string[]; hiddenWorkAppIds?: string[] } = {},
  ): void {
    this.groups.set(record.id, {
      record,
      memberIds: new Set(links.memberIds),
      defaultWorkAppIds: new Set(links.defaultWorkAppIds),
      hiddenWorkAppIds: new Set(links.hiddenWorkAppIds),
    });
  }

  addWorkApp(
    record: WorkAppRecord,
    levels: PermissionLevelRecord[],
    fields: CustomFieldRecord[],
  ): void {
    this.workApps.set(record.id, {
      record,
      levels: new Map(levels.map((level) => [level.id, { record: level, policyIds: new Map() }])),
      fields: new Map(fields.map((field) => [field.id, field])),
      policyIds: new Map(),
    });
  }

  addPolicy(policy: PolicyRecord): void {
    this.policies.set(policy.id, policy);
  }

  findUserByEmail(email: string): UserRecord | undefined {
    const wanted = email.toLowerCase();
    return [...this.users.values()].find((user) => user.email.toLowerCase() === wanted);
  }

  user(id: string): UserRecord {
    return this.users.get(id) ?? fail(notFound(`User ${id} does not exist`));
  }

  group(id: string): GroupEntry {
    return this.groups.get(id) ?? fail(notFound(`User group ${id} does not exist`));
  }

  workApp(id: string): WorkAppEntry {
    return this.workApps.get(id) ?? fail(notFound(`WorkApp ${id} does not exist`));
  }

  level(app: WorkAppEntry, levelId: string): LevelEntry {
    return (
      app.levels.get(levelId) ??
      fail(notFound(`Permission level ${levelId} does not exist in ${app.record.name}`))
    );
  }

  groupMembers(groupId: string): UserRecord[] {
    const ids = this.group(groupId).memberIds;
    return sortedBy(
      [...ids].map((id) => this.user(id)),
      nameKey,
    );
  }

  addGroupMember(groupId: string, userId: string): void {
    const group = this.group(groupId);
    const user = this.users.get(userId) ?? fail(unprocessable(`User ${userId} does not exist`));
    if (group.memberIds.has(userId)) {
      throw conflict(`${user.displayName} is already a member of ${group.record.name}`);
    }
    group.memberIds.add(userId);
  }

  removeGroupMember(groupId: string, userId: string): void {
    const group = this.group(groupId);
    if (!group.memberIds.delete(userId)) {
      throw notFound(`User ${userId} is not a member of ${group.record.name}`);
    }
  }

  /** Spec 4.1: every id is checked before anything changes; null or absent removes the value. */
  updateCustomFields(appId: string, items: CustomFieldUpdateItem[]): void {
    const app = this.workApp(appId);
    const unknown = items.find((item) => !app.fields.has(item.id));
    if (unknown) {
      throw badRequest(`${unknown.id} is not a custom field of ${app.record.name}`);
    }
    for (const item of items) app.fields.get(item.id)!.value = item.value ?? null;
  }

  compatiblePolicies(requestType: string): PolicyRecord[] {
    const type = knownRequestType(requestType);
    return sortedBy(
      [...this.policies.values()].filter((policy) => policy.requestType === type),
      nameKey,
    );
  }

  assignPolicy(appId: string, levelId: string | null, requestType: string, policyId: string): void {
    const app = this.workApp(appId);
    const target = levelId === null ? app : this.level(app, levelId);
    const type = knownRequestType(requestType);
    const policy =
      this.policies.get(policyId) ?? fail(unprocessable(`Policy ${policyId} does not exist`));
    if (policy.requestType !== type) {
      throw unprocessable(`Policy ${policy.name} is for ${policy.requestType}, not ${type}`);
    }
    target.policyIds.set(type, policy.id);
  }

  policyFor(
    app: WorkAppEntry,
    level: LevelEntry | undefined,
    type: RequestType,
  ): PolicyRecord | undefined {
    const policyId = level?.policyIds.get(type) ?? app.policyIds.get(type);
    return policyId === undefined ? undefined : this.policies.get(policyId);
  }

  accessesOf(appId: string): AccessRecord[] {
    this.workApp(appId); // an unknown app is a 404, not an empty list
    return sortedBy(
      [...this.accesses.values()].filter((access) => access.workAppId === appId),
      accessKey,
    );
  }
}

/** A request type named in a path: an unknown one is a missing resource. */
export function knownRequestType(value: string): RequestType {
  if (!isRequestType(value)) throw notFound(`Request type ${value} does not exist`);
  return value;
}

export function fail(error: Error): never {
  throw error;
}
