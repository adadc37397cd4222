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
import type { Access, Task } from './schemas.ts';

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
const targetKeys = {
  workAppId: str,
  workAppName: str,
  permissionLevelId: str,
  permissionLevelName: str,
  userId: str,
  userDisplayName: str,
};
const metadataKeys = {
  requestedBy: str,
  requestedByName: str,
  justification: str,
  createdAt: z.iso.datetime({ offset: true }),
  accessId: str,
  decidedBy: str,
  decidedByName: str,
  decidedAt: z.iso.datetime({ offset: true }),
  reason: str,
  step: str,
};

type Facts<K extends Record<string, z.ZodType>> = { [P in keyof K]?: z.infer<K[P]> };
export type TaskFacts = Facts<typeof targetKeys> & Facts<typeof metadataKeys>;

/** The facts of `keys` in `source`: each one that is there and of its shape. */
function pick<K extends Record<string, z.ZodType>>(source: Record<string, unknown>, keys: K) {
  const out: Record<string, unknown> = {};
  for (const [key, schema] of Object.entries(keys)) {
    const parsed = schema.safeParse(source[key]);
    if (parsed.success) out[key] = parsed.data;
  }
  return out as Facts<K>;
}

export function taskFacts(task: Task): TaskFacts {
  return { ...pick(task.target, targetKeys), ...pick(task.metadata, metadataKeys) };
}

/** Assumed: who the task is assigned to, when the service says (`assigneeId`); else undefined. */
export function assigneeOf(task: Task): string | undefined {
  const parsed = str.safeParse((task as Record<string, unknown>).assigneeId);
  return parsed.success ? parsed.data : undefined;
}
