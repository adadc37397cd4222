/**
 * Everything that waits for a `confirm` is one stored record, so any replica may settle it once.
 * The kind's own facts travel in `payload`, read by the kind's module with its own schema.
 */
import { z } from 'zod';
import { JsonObject, Platform } from './records.ts';

export const ConfirmationKind = z.enum(['group', 'app', 'approval', 'review']);
export type ConfirmationKind = z.infer<typeof ConfirmationKind>;

/** `confirmed` while carried out, then `done`. Each move is made once. */
const ConfirmationState = z.enum(['pending', 'confirmed', 'done', 'cancelled', 'expired']);

/** `second_admin`: neither the asker nor the subject. */
export const Confirmer = z.enum(['asker', 'second_admin']);
export type Confirmer = z.infer<typeof Confirmer>;

export const PendingBase = z.object({
  /** The hash of its code: the code is shown once, on the card, and never stored. */
  id: z.string().min(1).max(64),
  /** Who asked (for a sensitive approval: the approver). */
  platform: Platform,
  chatUserId: z.string().min(1),
  accessUserId: z.string().min(1),
  confirmer: Confirmer,
  createdAt: z.date(),
  expiresAt: z.date(),
  state: ConfirmationState,
  updatedAt: z.date(),
});
export type PendingBase = z.infer<typeof PendingBase>;

export const Confirmation = PendingBase.extend({
  kind: ConfirmationKind,
  payload: JsonObject,
  outcome: z.string().min(1).max(64).nullable(),
});
export type Confirmation = z.infer<typeof Confirmation>;

export const ConfirmationMove = z.object({
  from: ConfirmationState,
  to: ConfirmationState,
  at: z.date(),
  outcome: z.string().min(1).max(64).nullable().optional(),
});
export type ConfirmationMove = z.infer<typeof ConfirmationMove>;
