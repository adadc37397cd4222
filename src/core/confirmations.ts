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
import type { Actors } from './actor.ts';
import type { AppDeps } from './apps/deps.ts';
import { type AppChangeResult, settleAppChange } from './apps/settle.ts';
import type { Command } from './commands.ts';
import type { ConfirmationCodes } from './confirmation-code.ts';
import { type ChangeResult, cancelChange, confirmChange } from './groups/confirm.ts';
import type { GroupDeps } from './groups/deps.ts';
import type { Voice } from './i18n/voice.ts';
import type { ChatActor } from './identity.ts';
import { kept, type Reply, warning } from './reply.ts';
import type { DecisionResult } from './tasks/decide.ts';
import type { Handlers } from './turn.ts';

export interface ConfirmDeps {
  groups: GroupDeps;
  /** The person's pending tasks: the only ones a confirmation of theirs can approve. */
  pending: (link: IdentityLink) => Promise<Task[]>;
  /** Approves with a confirmation's code, under every rule of a decision. */
  approve: (link: IdentityLink, v: Voice, taskId: string, code: string) => Promise<DecisionResult>;
  /** The codes sensitive approvals' confirmations carry. */
  codes: ConfirmationCodes;
  apps: AppDeps;
  actors: Actors;
}

/** What a Confirm or Cancel did: to a group change, or to a change of an application. */
export type SettledChange = ChangeResult | AppChangeResult;

/**
 * Confirm and Cancel, typed or clicked on a change's card — of a group's members, or of an
 * application: carried out once, only for the person who asked (or a second admin, where one
 * confirms).
 */
export class ChangeDesk {
  readonly #d: ConfirmDeps;

  readonly commands: Handlers<Extract<Command, { name: 'confirm' | 'cancel' }>> = {
    confirm: async ({ v, link }, c) => confirmTyped(this.#d, await link(), v, c.code),
    cancel: async ({ v, link }, c) => (await this.#settle(await link(), v, c.id, 'cancel')).reply,
  };

  constructor(deps: ConfirmDeps) {
    this.#d = deps;
  }

  confirm(actor: ChatActor, id: string): Promise<SettledChange> {
    return this.#d.actors.act(
      actor,
      (link, v) => this.#settle(link, v, id, 'confirm'),
      (reply, error) => kept(error === undefined ? 'stale' : 'failed', reply),
    );
  }

  cancel(actor: ChatActor, id: string): Promise<SettledChange> {
    return this.#d.actors.act(
      actor,
      (link, v) => this.#settle(link, v, id, 'cancel'),
      (reply, error) => kept(error === undefined ? 'stale' : 'failed', reply),
    );
  }

  async #settle(link: IdentityLink, v: Voice, id: string, verb: 'confirm' | 'cancel') {
    const app = await settleAppChange(this.#d.apps, link, v, id, verb);
    if (app) return app;
    return verb === 'confirm'
      ? confirmChange(this.#d.groups, link, v, id)
      : cancelChange(this.#d.groups, link, v, id);
  }
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
  const app = await settleAppChange(deps.apps, link, v, code, 'confirm');
  if (app) return app.reply;
  // A code made for this person: good, or expired (then the approval asks afresh).
  const task = deps.codes.find(await deps.pending(link), link.accessUserId, code);
  if (task) return (await deps.approve(link, v, task.id, code)).reply;
  deps.groups.log.info({ platform: link.platform }, 'a typed confirmation named nothing waiting');
  return warning(v, v.t('confirm.nothingWaits', { code }));
}
