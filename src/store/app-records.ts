/**
 * Applications kept from chat: a change to a WorkApp (a custom field's value, or the policy of a
 * request type) waiting for its confirmation, as any replica may carry it out; and the policy
 * accessbot last set on an application or one of its levels, which the Access Service itself
 * never shows.
 */
import { z } from 'zod';
import { Platform } from './records.ts';

/** As a group change's: `pending` until confirmed, then `confirmed` while it is carried out. */
export const AppChangeState = z.enum(['pending', 'confirmed', 'done', 'cancelled', 'expired']);

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

/** Who confirms: the person who asked, or a second admin (marking an application not sensitive). */
export const AppChangeConfirmer = z.enum(['asker', 'second_admin']);
export type AppChangeConfirmer = z.infer<typeof AppChangeConfirmer>;

export const AppChange = z.object({
  /** Short and random: shown on the card, typed as `confirm <id>`. */
  id: z.string().min(1).max(64),
  /** Who asked for it. */
  platform: Platform,
  chatUserId: z.string().min(1),
  accessUserId: z.string().min(1),
  askedByName: z.string(),
  appId: z.string().min(1),
  appName: z.string(),
  subject: AppChangeSubject,
  confirmer: AppChangeConfirmer,
  createdAt: z.date(),
  expiresAt: z.date(),
  state: AppChangeState,
  outcome: AppChangeOutcome.nullable(),
  updatedAt: z.date(),
});
export type AppChange = z.infer<typeof AppChange>;

/** A move of a change from one state to another, as for group changes. */
export interface AppChangeMove {
  from: AppChange['state'];
  to: AppChange['state'];
  at: Date;
  outcome?: AppChangeOutcome | null;
}

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
