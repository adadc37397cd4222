/** The store slice of passkey step-up (`src/store/tables/stepup.ts`); records read are checked. */
import { z } from 'zod';
import { Platform } from '../../store/records.ts';

/** A person's passkey: bound to their chat identity, never to anyone else's. */
export const Passkey = z.object({
  /** The authenticator's credential id, base64url. */
  credentialId: z.string().min(1).max(1400),
  platform: Platform,
  chatUserId: z.string().min(1),
  /** COSE public key, base64url. */
  publicKey: z.string().min(1),
  /** The signature counter last seen; 0 when the authenticator keeps none (bigint: text from `pg`). */
  counter: z.coerce.number().int().min(0),
  /** How the browser may reach it (`internal`, `usb`, …), comma-separated. */
  transports: z.string(),
  createdAt: z.date(),
  lastUsedAt: z.date().nullable(),
});
export type Passkey = z.infer<typeof Passkey>;

/**
 * One link sent to one person for one pending confirmation: its token is kept hashed (`id`), its
 * WebAuthn challenge is the one the page was last given, and it is used once.
 */
export const StepUp = z.object({
  id: z.string().min(1).max(64),
  platform: Platform,
  chatUserId: z.string().min(1),
  accessUserId: z.string().min(1),
  /** The language the page speaks (the person's, when the link was made). */
  locale: z.string().min(1).max(35),
  /** The pending confirmation it completes; null: it adds a passkey (`passkeys add`). */
  confirmationId: z.string().min(1).max(64).nullable(),
  /** The task an approval is of; null for a change. */
  taskId: z.string().nullable(),
  /** What is confirmed, in the person's words (the application, level and person; the change). */
  summary: z.string().min(1).max(2000),
  challenge: z.string().nullable(),
  /** A link that adds a passkey: when one the person has proved it is them; null until then. */
  provenAt: z.date().nullable(),
  createdAt: z.date(),
  expiresAt: z.date(),
  usedAt: z.date().nullable(),
});
export type StepUp = z.infer<typeof StepUp>;

export interface StepUpStore {
  saveStepUp(stepUp: StepUp): Promise<void>;
  getStepUp(id: string): Promise<StepUp | undefined>;
  /** Gives an unused, unexpired link a new challenge (the old one no longer counts); false: none. */
  challengeStepUp(id: string, challenge: string, at: Date): Promise<boolean>;
  /**
   * Spends `challenge` once: `final` also marks the link used. False when another call spent it,
   * the link was used, it expired at `at`, or `challenge` is no longer its challenge.
   */
  spendChallenge(id: string, challenge: string, at: Date, final: boolean): Promise<boolean>;
  /** Spends `challenge` as `spendChallenge` does, noting that the person proved it is them. */
  proveStepUp(id: string, challenge: string, at: Date): Promise<boolean>;
  pruneStepUps(before: Date): Promise<number>;
  /** Its id must be new. */
  savePasskey(passkey: Passkey): Promise<void>;
  /** Oldest first: the numbers `passkeys` shows. */
  passkeysOf(platform: Platform, chatUserId: string): Promise<Passkey[]>;
  /** Records a use; false when `counter` did not grow past the one stored (a cloned key). */
  passkeyUsed(credentialId: string, counter: number, at: Date): Promise<boolean>;
  deletePasskey(platform: Platform, chatUserId: string, credentialId: string): Promise<boolean>;
  /** How many were deleted. */
  deletePasskeys(platform: Platform, chatUserId: string): Promise<number>;
}
