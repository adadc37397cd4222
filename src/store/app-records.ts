/**
 * Applications kept from chat: a change to a WorkApp (a custom field's value, or the policy of a
 * request type), kept as a pending confirmation (confirm-records.ts); and the policy accessbot
 * last set on an application or one of its levels, which the Access Service itself never shows.
 */
import { z } from 'zod';
import { PendingBase } from './confirm-records.ts';

/** What a change does: a field's value from `before` to `after` (null: no value). */
export const FieldChange = z.object({
  kind: z.literal('field'),
  fieldId: z.string().min(1),
  fieldName: z.string(),
  before: z.string().nullable(),
  after: z.string().nullable(),
});
export type FieldChange = z.infer<typeof FieldChange>;

/**
 * The policy of a request type, on the application or (`levelId`) one of its levels; `before`
 * is the policy accessbot last set there, the only one it can know.
 */
export const PolicyChange = z.object({
  kind: z.literal('policy'),
  requestType: z.string().min(1),
  levelId: z.string().min(1).nullable(),
  levelName: z.string().nullable(),
  policyId: z.string().min(1),
  policyName: z.string(),
  before: z.string().nullable(),
});
export type PolicyChange = z.infer<typeof PolicyChange>;

export const AppChangeSubject = z.discriminatedUnion('kind', [FieldChange, PolicyChange]);
export type AppChangeSubject = z.infer<typeof AppChangeSubject>;

/** What became of a change to an application, or why none was made. */
export const AppChangeOutcome = z.enum([
  'changed',
  /** The Access Service answered 409: someone changed the application meanwhile. */
  'conflict',
  /** The application (or the field, level or policy) is gone. */
  'not_found',
  /** The actor may not change the application (or this field). */
  'not_allowed',
  /** Someone other than the person who asked tried to confirm or cancel it. */
  'not_requester',
  'cancelled',
  'expired',
  'failed',
]);
export type AppChangeOutcome = z.infer<typeof AppChangeOutcome>;

/** What a change to an application does: the kind's own facts in its pending confirmation. */
export const AppFacts = z.object({
  askedByName: z.string(),
  appId: z.string().min(1),
  appName: z.string(),
  subject: AppChangeSubject,
});
export type AppFacts = z.infer<typeof AppFacts>;

/** A change to an application waiting for its confirmation (or settled). */
export const AppChange = PendingBase.extend({
  ...AppFacts.shape,
  outcome: AppChangeOutcome.nullable(),
});
export type AppChange = z.infer<typeof AppChange>;

/** The policy accessbot last set for a request type on an application or one of its levels. */
export const AppPolicy = z.object({
  appId: z.string().min(1),
  /** Empty: the application itself. */
  levelId: z.string(),
  levelName: z.string().nullable(),
  requestType: z.string().min(1),
  policyId: z.string().min(1),
  policyName: z.string(),
  /** The Access user who set it, and their name when it was set. */
  setBy: z.string().min(1),
  setByName: z.string(),
  setAt: z.date(),
});
export type AppPolicy = z.infer<typeof AppPolicy>;
