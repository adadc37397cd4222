/**
 * A sensitive approval as a pending confirmation, bound to its approver and the task's facts: a
 * code of anyone else, or of other facts, confirms nothing.
 */
import { z } from 'zod';
import { type Task, taskFacts } from '../../access/schemas.ts';
import type { Confirmation, IdentityLink } from '../../store/store.ts';
import { idOf } from './code.ts';
import { openConfirmation, type PendingDeps } from './pending.ts';

const ApprovalFacts = z.object({
  taskId: z.string(),
  workAppId: z.string().nullable(),
  permissionLevelId: z.string().nullable(),
  userId: z.string().nullable(),
});
type ApprovalFacts = z.infer<typeof ApprovalFacts>;

/** A confirmation its person's passkey proved (STEP_UP=passkey): which credential did. */
export interface Proven {
  found: Confirmation;
  passkey: string;
}

/**
 * A code as clicked, the confirmation a typed code already found (looked up once, by its hash), or
 * one a passkey proved.
 */
export type Presented = string | Confirmation | Proven;

export const isProven = (presented: Presented | undefined): presented is Proven =>
  typeof presented === 'object' && 'passkey' in presented;

/** How an approval was confirmed, as the audit trail keeps it. */
export const confirmedBy = (presented: Presented) =>
  isProven(presented) ? `passkey:${presented.passkey}` : 'code';

/** `good`: claimed, approve now; `expired`: a fresh one is due; `wrong`: it never confirmed this. */
export type CodeCheck = 'good' | 'expired' | 'wrong';

function factsOf(task: Task): ApprovalFacts {
  const f = taskFacts(task);
  return {
    taskId: task.id,
    workAppId: f.workAppId ?? null,
    permissionLevelId: f.permissionLevelId ?? null,
    userId: f.userId ?? null,
  };
}

/** The code, and the confirmation's id (its hash), which a step-up link names. */
export async function askApproval(deps: PendingDeps, link: IdentityLink, task: Task) {
  const { code, base } = await openConfirmation(deps, 'approval', link, 'asker', factsOf(task));
  return { code, id: base.id };
}

export async function claimApproval(
  deps: PendingDeps,
  link: IdentityLink,
  task: Task,
  presented: Presented,
): Promise<CodeCheck> {
  const id = idBy(presented);
  const found =
    typeof presented === 'string'
      ? await deps.store.getConfirmation(id)
      : isProven(presented)
        ? presented.found
        : presented;
  const facts = ApprovalFacts.safeParse(found?.payload);
  const mine =
    found?.kind === 'approval' &&
    found.state === 'pending' &&
    found.accessUserId === link.accessUserId &&
    facts.success &&
    JSON.stringify(facts.data) === JSON.stringify(factsOf(task));
  if (!mine) return 'wrong';
  const at = deps.now();
  if (found.expiresAt.getTime() <= at.getTime()) {
    const expired = { from: 'pending', to: 'expired', at, outcome: 'expired' } as const;
    await deps.store.moveConfirmation(id, expired);
    return 'expired';
  }
  // Lost only to another click on another replica, which approves it.
  const claimed = await deps.store.moveConfirmation(id, { from: 'pending', to: 'confirmed', at });
  return claimed ? 'good' : 'wrong';
}

export async function closeApproval(deps: PendingDeps, presented: Presented, outcome: string) {
  const move = { from: 'confirmed', to: 'done', at: deps.now(), outcome } as const;
  await deps.store.moveConfirmation(idBy(presented), move);
}

const idBy = (presented: Presented) =>
  typeof presented === 'string'
    ? idOf(presented)
    : isProven(presented)
      ? presented.found.id
      : presented.id;
