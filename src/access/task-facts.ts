/**
 * What accessbot reads from a task's `target` and `metadata`, whose keys the spec does not show.
 * Assumed keys (the sandbox writes exactly these):
 *   target:   workAppId, workAppName, permissionLevelId, permissionLevelName, userId, userDisplayName
 *   metadata: requestedBy, requestedByName, justification, createdAt, accessId,
 *             decidedBy, decidedByName, decidedAt, reason
 * Each key is read on its own: a missing or oddly typed one is left out, never fatal. Beside
 * them, a task may name the one it is assigned to (`assigneeId`, as the sandbox's do).
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

/**
 * Assumed: a person holds an access whose status is `Approved`, or that has no status at all;
 * any other (pending, declined, revoked) is not theirs to use.
 */
export const isHeld = (access: Access) =>
  access.status == null || access.status === DecidedStatuses.approved;

const str = z.string().min(1).max(4000);
/** An id among the facts: as short as any other id (schemas.ts), or left out. */
const id = z.string().min(1).max(MAX_ID_LENGTH);
const instant = z.iso.datetime({ offset: true });
/** A fact that is missing or oddly typed is left out, never fatal. */
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

/** The facts that are there and of their shape, and no key for the others. */
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

/** Assumed: who the task is assigned to, when the service says (`assigneeId`); else undefined. */
export function assigneeOf(task: Task): string | undefined {
  return Assignee.parse((task as Record<string, unknown>).assigneeId);
}
