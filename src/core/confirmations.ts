/**
 * `confirm <code>`: one typed confirmation for everything that asks for one. The code names what
 * waits for the person — a group change or a change to an application (its id), or a sensitive
 * application's approval (the code its confirmation showed them, confirmation-code.ts) — and
 * that thing's own rules decide: only the person who asked (or a second admin) confirms a
 * change, only an approver of the task approves it, and only with a code made for them that has
 * not expired. A code that names nothing waiting for the person gets an answer that says so.
 */
import type { Task } from '../access/schemas.ts';
import type { IdentityLink } from '../store/store.ts';
import type { ConfirmationCodes } from './confirmation-code.ts';
import type { DecisionResult } from './decide.ts';
import { confirmChange } from './groups/confirm.ts';
import type { GroupDeps } from './groups/deps.ts';
import type { Voice } from './i18n/voice.ts';
import { type Reply, warning } from './reply.ts';

export interface ConfirmDeps {
  groups: GroupDeps;
  /** The person's pending tasks: the only ones a confirmation of theirs can approve. */
  pending: (link: IdentityLink) => Promise<Task[]>;
  /** Approves with a confirmation's code, under every rule of a decision. */
  approve: (link: IdentityLink, v: Voice, taskId: string, code: string) => Promise<DecisionResult>;
  /** The codes sensitive approvals' confirmations carry. */
  codes: ConfirmationCodes;
  /** Confirms a change to an application with this id (apps/settle.ts); undefined: none has it. */
  appChange: (link: IdentityLink, v: Voice, code: string) => Promise<Reply | undefined>;
}

export async function confirmTyped(
  deps: ConfirmDeps,
  link: IdentityLink,
  v: Voice,
  code: string,
): Promise<Reply> {
  if (await deps.groups.store.getGroupChange(code)) {
    return (await confirmChange(deps.groups, link, v, code)).reply;
  }
  const app = await deps.appChange(link, v, code);
  if (app) return app;
  // A code made for this person: good, or expired (then the approval asks afresh).
  const task = deps.codes.find(await deps.pending(link), link.accessUserId, code);
  if (task) return (await deps.approve(link, v, task.id, code)).reply;
  deps.groups.log.info({ platform: link.platform }, 'a typed confirmation named nothing waiting');
  return warning(v, v.t('confirm.nothingWaits', { code }));
}
