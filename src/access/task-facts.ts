/**
 * What accessbot reads from a task's `target` and `metadata`, whose keys the spec does not show:
 * the assumed keys below, which the sandbox writes. Each is read on its own, never fatal.
 */
import { z } from 'zod';
import { type Access, MAX_ID_LENGTH, type Task } from './schemas.ts';

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
const id = z.string().min(1).max(MAX_ID_LENGTH);
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
