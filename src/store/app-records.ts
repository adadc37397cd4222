/**
 * Application changes waiting for confirmation, and the policy accessbot last set on an
 * application or level, which the Access Service itself never shows.
 */
import { z } from 'zod';
import { PendingBase } from './confirm-records.ts';

/** `before`, `after`: null for no value. */
export const FieldChange = z.object({
  kind: z.literal('field'),
  fieldId: z.string().min(1),
  fieldName: z.string(),
  before: z.string().nullable(),
  after: z.string().nullable(),
});
export type FieldChange = z.infer<typeof FieldChange>;

/** `before`: the policy accessbot last set there, the only one it can know. */
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

export const AppChangeOutcome = z.enum([
  'changed',
  /** 409: someone changed the application meanwhile. */
  'conflict',
  'not_found',
  'not_allowed',
  /** Someone other than the asker tried to confirm or cancel it. */
  'not_requester',
  'cancelled',
  'expired',
  'failed',
]);
export type AppChangeOutcome = z.infer<typeof AppChangeOutcome>;

export const AppFacts = z.object({
  askedByName: z.string(),
  appId: z.string().min(1),
  appName: z.string(),
  subject: AppChangeSubject,
});
export type AppFacts = z.infer<typeof AppFacts>;

export const AppChange = PendingBase.extend({
  ...AppFacts.shape,
  outcome: AppChangeOutcome.nullable(),
});
export type AppChange = z.infer<typeof AppChange>;

export const AppPolicy = z.object({
  appId: z.string().min(1),
  /** Empty: the application itself. */
  levelId: z.string(),
  levelName: z.string().nullable(),
  requestType: z.string().min(1),
  policyId: z.string().min(1),
  policyName: z.string(),
  /** An Access user, and their name then. */
  setBy: z.string().min(1),
  setByName: z.string(),
  setAt: z.date(),
});
export type AppPolicy = z.infer<typeof AppPolicy>;
