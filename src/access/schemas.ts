/**
 * Zod schemas of every Access Service body accessbot reads or writes. Strict where the spec fixes
 * a shape; loose where it is silent (assumed fields checked, others kept; see the README).
 */
import { z } from 'zod';

/** Longer ids are refused: a store's index entry must stay writable (PostgreSQL: ~2,700 bytes). */
export const MAX_ID_LENGTH = 256;
const id = z.string().min(1).max(MAX_ID_LENGTH);
const text = z.string().nullish();
const keyed = z.record(z.string(), z.unknown());

/** Spec 2.3: every property optional and nullable, others allowed. */
export const ProblemDetails = z.looseObject({
  type: z.string().nullish(),
  title: z.string().nullish(),
  status: z.number().int().nullish(),
  detail: z.string().nullish(),
  instance: z.string().nullish(),
});
export type ProblemDetails = z.infer<typeof ProblemDetails>;

/** Spec 2.4; `next` absent or null ends the list. */
const PageLinks = z.looseObject({
  self: z.string().nullish(),
  next: z.string().nullish(),
});
export const pageOf = <T extends z.ZodType>(item: T) =>
  z.looseObject({ data: z.array(item), links: PageLinks.optional() });
/** The page envelope or a bare array; built once per item type (zod prepares on first use). */
export const listOf = <T extends z.ZodType>(item: T) => pageOf(item).or(item.array());
export type ListBody<I> = I[] | { data: I[]; links?: { next?: string | null } | undefined };

/** Assumed: `{ id, email, displayName }` at least. */
export const User = z.looseObject({
  id,
  email: text,
  displayName: text,
});
export type User = z.infer<typeof User>;
export const UserList = listOf(User);

const Named = z.looseObject({ id, name: z.string(), description: text });

export const UsersGroup = Named;
export type UsersGroup = z.infer<typeof UsersGroup>;
export const UsersGroupList = listOf(UsersGroup);

export const WorkApp = Named;
export type WorkApp = z.infer<typeof WorkApp>;
export const WorkAppList = listOf(WorkApp);

export const PermissionLevel = Named;
export type PermissionLevel = z.infer<typeof PermissionLevel>;
export const PermissionLevelList = listOf(PermissionLevel);

export const CustomField = z.looseObject({
  id,
  name: z.string(),
  value: text,
});
export type CustomField = z.infer<typeof CustomField>;
export const CustomFieldList = listOf(CustomField);

export const Access = z.looseObject({
  id,
  workAppId: id,
  userId: id,
  permissionLevelId: text,
  status: text,
  justification: text,
  /** Assumed: the approval tasks a new request opened, when the service lists them. */
  taskIds: z.array(id).optional().catch(undefined),
});
export type Access = z.infer<typeof Access>;
export const AccessList = listOf(Access);

export const Policy = z.looseObject({
  id,
  name: z.string(),
  requestType: text,
});
export type Policy = z.infer<typeof Policy>;
export const PolicyList = listOf(Policy);

/**
 * Assumed: `{ id, status, type, target, metadata }`. Of the last two, whose keys the spec does not
 * show, accessbot reads the assumed keys below (the sandbox writes them), each on its own, never fatal.
 */
export const Task = z.looseObject({
  id,
  status: z.string(),
  type: z.string(),
  target: keyed.nullish().transform((v) => v ?? {}),
  metadata: keyed.nullish().transform((v) => v ?? {}),
});
export type Task = z.infer<typeof Task>;
export const TaskList = listOf(Task);

/** Assumed task types; any other type is shown by its name. */
export const TaskTypes = {
  accessRequest: 'AccessRequest',
  entitlementReview: 'EntitlementReview',
  offboardingStep: 'OffboardingStep',
} as const;

/** Assumed status values of a decided task (the pending value is configurable). */
export const DecidedStatuses = { approved: 'Approved', declined: 'Declined' } as const;

/** Assumed: an access is held when `Approved` or without status. */
export const isHeld = (access: Access) =>
  access.status == null || access.status === DecidedStatuses.approved;

const str = z.string().min(1).max(4000);
const instant = z.iso.datetime({ offset: true });
const fact = <T extends z.ZodType>(schema: T) => schema.optional().catch(undefined);
const TargetFacts = z.object({
  workAppId: fact(id),
  workAppName: fact(str),
  permissionLevelId: fact(id),
  permissionLevelName: fact(str),
  userId: fact(id),
  userDisplayName: fact(str),
});
const MetadataFacts = z.object({
  requestedBy: fact(id),
  requestedByName: fact(str),
  justification: fact(str),
  createdAt: fact(instant),
  accessId: fact(id),
  decidedBy: fact(id),
  decidedByName: fact(str),
  decidedAt: fact(instant),
  reason: fact(str),
  step: fact(str),
  /** Assumed: when an access review is due, where the service sets one. */
  dueAt: fact(instant),
});
const Assignee = fact(id);
export type TaskFacts = z.infer<typeof TargetFacts> & z.infer<typeof MetadataFacts>;

/** No key for facts missing or oddly typed. */
export function taskFacts(task: Task): TaskFacts {
  const facts: TaskFacts = {
    ...TargetFacts.parse(task.target),
    ...MetadataFacts.parse(task.metadata),
  };
  for (const key of Object.keys(facts) as (keyof TaskFacts)[]) {
    if (facts[key] === undefined) delete facts[key];
  }
  return facts;
}

/** Assumed: `assigneeId`, as the sandbox's tasks have. */
export function assigneeOf(task: Task): string | undefined {
  return Assignee.parse((task as Record<string, unknown>).assigneeId);
}

/** Spec 2.1 and 2.2, strict: no other properties. */
export const CustomFieldUpdateItem = z.strictObject({
  id: z.uuid(),
  value: z.string().nullish(),
});
export const CustomFieldUpdateRequest = z.strictObject({
  customFields: z.array(CustomFieldUpdateItem),
});
export type CustomFieldUpdateItem = z.infer<typeof CustomFieldUpdateItem>;
export type CustomFieldUpdateRequest = z.infer<typeof CustomFieldUpdateRequest>;

/** Assumed body of `POST /WorkApps/Accesses`. */
export const AccessRequest = z.strictObject({
  workAppId: id,
  userId: id,
  permissionLevelId: id.optional(),
  justification: z.string().max(2000).optional(),
});
export type AccessRequest = z.infer<typeof AccessRequest>;

/** Assumed body of `POST /UsersGroups/{id}/Users`. */
export const GroupMemberAddition = z.strictObject({ userId: id });

/** Assumed body of the two `PUT .../Policies/{requestType}` endpoints. */
export const PolicyAssignment = z.strictObject({ policyId: id });
export type PolicyAssignment = z.infer<typeof PolicyAssignment>;

/** Assumed body of `POST /Tasks/{id}/Decline`; approve sends `{}`. */
export const DeclineBody = z.strictObject({ reason: z.string().max(2000).optional() });
