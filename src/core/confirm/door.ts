/**
 * `confirm <code>`, `cancel <code>` and every Confirm or Cancel button: one door for everything
 * that waits for a confirmation. The code names one stored confirmation, and its kind's rules
 * decide — a group or application change is settled (settle.ts); a sensitive approval is
 * approved under every rule of a decision, or cancelled, by its approver only. A code that names nothing
 * waiting for the person gets an answer that says so.
 */
import type { AppChangeOutcome, IdentityLink, MembershipOutcome } from '../../store/store.ts';
import type { AppDeps } from '../apps/deps.ts';
import { appKind } from '../apps/settle.ts';
import type { DecisionResult } from '../decide.ts';
import { groupKind } from '../groups/confirm.ts';
import type { GroupDeps } from '../groups/deps.ts';
import type { Voice } from '../i18n/voice.ts';
import { info, type Reply, type Settled, warning } from '../reply.ts';
import { idOf } from './code.ts';
import { type SettleDeps, settle, type Verb } from './settle.ts';

/** What a Confirm or Cancel did: to a group change, or to a change of an application. */
export type SettledChange = Settled<MembershipOutcome | AppChangeOutcome>;

export class ConfirmDoor {
  readonly #deps: SettleDeps;
  readonly #group;
  readonly #app;
  readonly #approve;

  constructor(
    groups: GroupDeps,
    apps: AppDeps,
    /** Approves with a confirmation's code, under every rule of a decision. */
    approve: (
      link: IdentityLink,
      v: Voice,
      taskId: string,
      code: string,
    ) => Promise<DecisionResult>,
  ) {
    this.#deps = groups;
    this.#group = groupKind(groups);
    this.#app = appKind(apps);
    this.#approve = approve;
  }

  /** A change's Confirm or Cancel; undefined when no change waits under `code`. */
  async settle(link: IdentityLink, v: Voice, code: string, verb: Verb) {
    const id = idOf(code);
    const found = await this.#deps.store.getConfirmation(id);
    if (found?.kind === 'group') return settle(this.#deps, this.#group, link, v, id, verb);
    if (found?.kind === 'app') return settle(this.#deps, this.#app, link, v, id, verb);
    return undefined;
  }

  /** A typed `confirm <code>` or `cancel <code>`. */
  async typed(link: IdentityLink, v: Voice, code: string, verb: Verb): Promise<Reply> {
    const found = await this.#deps.store.getConfirmation(idOf(code));
    const taskId = found?.payload.taskId;
    if (
      found?.kind === 'approval' &&
      found.state === 'pending' &&
      found.accessUserId === link.accessUserId &&
      typeof taskId === 'string'
    ) {
      if (verb === 'confirm') return (await this.#approve(link, v, taskId, code)).reply;
      const cancel = { from: 'pending', to: 'cancelled', at: this.#deps.now() } as const;
      if (await this.#deps.store.moveConfirmation(found.id, { ...cancel, outcome: 'cancelled' })) {
        return info(v, v.t('confirm.approvalCancelled'));
      }
    }
    const settled = await this.settle(link, v, code, verb);
    if (settled) return settled.reply;
    this.#deps.log.info({ platform: link.platform }, 'a typed confirmation named nothing waiting');
    return warning(v, v.t('confirm.nothingWaits', { code }));
  }
}
