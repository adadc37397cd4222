/**
 * One door for everything that waits for a confirmation, typed or clicked: the code names one,
 * and its kind's rules decide (a sensitive approval under every rule of a decision).
 */
import type {
  AppChangeOutcome,
  Confirmation,
  IdentityLink,
  MembershipOutcome,
} from '../store/store.ts';
import type { Actors } from './actor.ts';
import type { AppDeps } from './apps/deps.ts';
import { appKind } from './apps/settle.ts';
import type { Presented } from './confirm/approval.ts';
import { idOf } from './confirm/code.ts';
import type { ConfirmCommand } from './confirm/commands.ts';
import {
  type Change,
  type ConfirmKind,
  type SettleDeps,
  settle,
  type Verb,
} from './confirm/settle.ts';
import { groupKind } from './groups/confirm.ts';
import type { GroupDeps } from './groups/deps.ts';
import type { Voice } from './i18n/voice.ts';
import type { ChatActor } from './identity.ts';
import { info, kept, type Reply, type Settled, warning } from './reply.ts';
import { type ReviewBatches, type ReviewBatchOutcome, reviewKind } from './reviews/index.ts';
import type { AskStepUp } from './stepup/index.ts';
import type { DecisionResult } from './tasks/decision-result.ts';
import type { Handlers } from './turn.ts';

export type SettledChange = Settled<MembershipOutcome | AppChangeOutcome | ReviewBatchOutcome>;

export interface ConfirmDeps {
  groups: GroupDeps;
  apps: AppDeps;
  actors: Actors;
  /** Keep or revoke everyone left in an access review's group. */
  batches: ReviewBatches;
  approve: (
    link: IdentityLink,
    v: Voice,
    taskId: string,
    found: Presented,
  ) => Promise<DecisionResult>;
  /** STEP_UP=passkey: a change's code confirms nothing; its asker gets a link to the page. */
  stepUp?: AskStepUp;
}

export class ChangeDesk {
  readonly #d: ConfirmDeps;
  readonly #deps: SettleDeps;
  readonly #group;
  readonly #app;
  readonly #review;

  readonly commands: Handlers<ConfirmCommand> = {
    confirm: async ({ v, link }, c) => this.#typed(await link(), v, c.code, 'confirm'),
    cancel: async ({ v, link }, c) => this.#typed(await link(), v, c.code, 'cancel'),
  };

  constructor(deps: ConfirmDeps) {
    this.#d = deps;
    this.#deps = deps.groups;
    this.#group = groupKind(deps.groups);
    this.#app = appKind(deps.apps);
    this.#review = reviewKind(deps.batches);
  }

  /** A card's Confirm or Cancel button. */
  clicked(actor: ChatActor, code: string, verb: Verb): Promise<SettledChange> {
    return this.#d.actors.act(
      actor,
      async (link, v) =>
        (await this.#gated(link, v, await this.#find(code), verb)) ??
        kept('stale', warning(v, v.t('change.unknown'))),
      (reply, error) => kept(error === undefined ? 'stale' : 'failed', reply),
    );
  }

  /** One lookup by the code's hash: it is issued, never computed, whatever else the person has. */
  #find(code: string): Promise<Confirmation | undefined> {
    return this.#deps.store.getConfirmation(idOf(code));
  }

  /**
   * With step-up on, confirming a change that waits for this person asks for their passkey (a
   * link to the page, which settles it); cancelling, or anything else, is settled as ever.
   */
  async #gated(link: IdentityLink, v: Voice, found: Confirmation | undefined, verb: Verb) {
    const { stepUp } = this.#d;
    if (!stepUp || verb !== 'confirm' || !found) return this.#settle(link, v, found, verb);
    const asked = <C extends Change<O>, O extends string>(k: ConfirmKind<C, O>) => {
      const change = k.parse(found);
      const mine =
        change?.confirmer === 'second_admin' ||
        (change?.platform === link.platform && change.chatUserId === link.chatUserId);
      const waits = change?.state === 'pending' && change.expiresAt > this.#deps.now();
      return change && mine && waits ? k.asks(v, change) : undefined;
    };
    const kinds = { group: this.#group, app: this.#app, review: this.#review } as const;
    const kind = found.kind === 'approval' ? undefined : kinds[found.kind];
    const summary = kind && asked(kind as ConfirmKind<Change<string>, string>);
    if (!summary) return this.#settle(link, v, found, verb);
    const asking = { confirmationId: found.id, taskId: null, summary };
    const blocks = [{ kind: 'text' as const, text: summary }, ...(await stepUp(link, v, asking))];
    return kept('stale', warning(v, summary, { blocks })) as SettledChange;
  }

  /** Undefined when `found` is no change waiting. */
  async #settle(link: IdentityLink, v: Voice, found: Confirmation | undefined, verb: Verb) {
    if (found?.kind === 'group') return settle(this.#deps, this.#group, link, v, found, verb);
    if (found?.kind === 'app') return settle(this.#deps, this.#app, link, v, found, verb);
    if (found?.kind === 'review') return settle(this.#deps, this.#review, link, v, found, verb);
    return undefined;
  }

  /**
   * A confirmation its person's passkey proved on the step-up page: settled exactly as a typed
   * `confirm` of its code would be, under the same rules.
   */
  async byPasskey(link: IdentityLink, v: Voice, found: Confirmation, passkey: string) {
    const taskId = found.payload.taskId;
    if (found.kind === 'approval' && typeof taskId === 'string') {
      return (await this.#d.approve(link, v, taskId, { found, passkey })).reply;
    }
    const settled = await this.#settle(link, v, found, 'confirm');
    return settled?.reply ?? warning(v, v.t('change.unknown'));
  }

  async #typed(link: IdentityLink, v: Voice, code: string, verb: Verb): Promise<Reply> {
    const found = await this.#find(code);
    const taskId = found?.payload.taskId;
    if (
      found?.kind === 'approval' &&
      found.state === 'pending' &&
      found.accessUserId === link.accessUserId &&
      typeof taskId === 'string'
    ) {
      if (verb === 'confirm') return (await this.#d.approve(link, v, taskId, found)).reply;
      const cancel = { from: 'pending', to: 'cancelled', at: this.#deps.now() } as const;
      if (await this.#deps.store.moveConfirmation(found.id, { ...cancel, outcome: 'cancelled' })) {
        return info(v, v.t('confirm.approvalCancelled'));
      }
    }
    const settled = await this.#gated(link, v, found, verb);
    if (settled) return settled.reply;
    this.#deps.log.info({ platform: link.platform }, 'a typed confirmation named nothing waiting');
    return warning(v, v.t('confirm.nothingWaits', { code }));
  }
}
