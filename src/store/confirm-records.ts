/**
 * Pending confirmations: everything that waits for a person's `confirm` — a group membership
 * change, a change to an application, a sensitive approval — is one stored record, so any
 * replica may settle it, once. The kind's own facts travel in `payload`; the kind's module reads
 * them with its own schema.
 */
import { z } from 'zod';
import { JsonObject, Platform } from './records.ts';

export const ConfirmationKind = z.enum(['group', 'app', 'approval']);
export type ConfirmationKind = z.infer<typeof ConfirmationKind>;

/**
 * `pending` until confirmed (then `confirmed` while it is carried out, `done` with its outcome),
 * cancelled, or expired. Only a pending confirmation moves, and each move is made once.
 */
const ConfirmationState = z.enum(['pending', 'confirmed', 'done', 'cancelled', 'expired']);

/** Who confirms: the person who asked, or a second admin (neither the asker nor the subject). */
export const Confirmer = z.enum(['asker', 'second_admin']);
export type Confirmer = z.infer<typeof Confirmer>;

/** What every pending confirmation is, whatever its kind. */
export const PendingBase = z.object({
  /** The hash of its code: the code itself is shown once, on the card, and never stored. */
  id: z.string().min(1).max(64),
  /** Who asked for it (for a sensitive approval: the approver). */
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

/** A move of a confirmation from one state to another, e.g. pending → confirmed. */
export const ConfirmationMove = z.object({
  from: ConfirmationState,
  to: ConfirmationState,
  at: z.date(),
  outcome: z.string().min(1).max(64).nullable().optional(),
});
export type ConfirmationMove = z.infer<typeof ConfirmationMove>;
