/** Opening a pending confirmation of any kind, and reading one found as its kind's record. */
import type { z } from 'zod';
import type {
  Confirmation,
  ConfirmationKind,
  ConfirmationStore,
  Confirmer,
  IdentityLink,
  JsonObject,
  PendingBase,
} from '../../store/store.ts';
import { CONFIRM_WITHIN_MS, idOf, newCode } from './code.ts';

export interface PendingDeps {
  store: ConfirmationStore;
  now: () => Date;
}

export async function openConfirmation(
  deps: PendingDeps,
  kind: ConfirmationKind,
  link: IdentityLink,
  confirmer: Confirmer,
  payload: JsonObject,
): Promise<{ code: string; base: PendingBase }> {
  const code = newCode();
  const now = deps.now();
  const base = {
    id: idOf(code),
    platform: link.platform,
    chatUserId: link.chatUserId,
    accessUserId: link.accessUserId,
    confirmer,
    createdAt: now,
    expiresAt: new Date(now.getTime() + CONFIRM_WITHIN_MS),
    state: 'pending',
    updatedAt: now,
  } as const;
  await deps.store.saveConfirmation({ ...base, kind, payload, outcome: null });
  return { code, base };
}

/** Undefined unless `found` is a `kind` record. */
export function asKind<T>(
  found: Confirmation | undefined,
  kind: ConfirmationKind,
  schema: z.ZodType<T>,
): T | undefined {
  if (found?.kind !== kind) return undefined;
  const parsed = schema.safeParse({ ...found.payload, ...found });
  return parsed.success ? parsed.data : undefined;
}
