/**
 * Confirming or cancelling a pending change, the same for every kind: only its asker (or a second
 * admin) settles it, and it is claimed in the store (pending → confirmed) before it is carried
 * out, so a double click or two replicas act once. The kind does the rest (groups/confirm.ts).
 */
import type { Logger } from '../../log.ts';
import type {
  Confirmation,
  ConfirmationKind,
  ConfirmationStore,
  IdentityLink,
  PendingBase,
} from '../../store/store.ts';
import type { Voice } from '../i18n/voice.ts';
import { kept, type Reply, replaced, type Settled, warning } from '../reply.ts';

export type Verb = 'confirm' | 'cancel';

export type Change<O extends string> = PendingBase & { outcome: O | null };

export interface SettleDeps {
  store: ConfirmationStore;
  log: Logger;
  now: () => Date;
}

export interface ConfirmKind<C extends Change<O>, O extends string> {
  kind: ConfirmationKind;
  /** Undefined unless `found` is of this kind. */
  parse(found: Confirmation | undefined): C | undefined;
  /** A refusal when `link` may not confirm as the second admin (audited by the kind). */
  secondAdmin(link: IdentityLink, v: Voice, change: C): Promise<Settled<O> | undefined>;
  /** Asked again just before it is claimed. */
  stillMay(link: IdentityLink, v: Voice, change: C): Promise<boolean>;
  carryOut(link: IdentityLink, change: C, at: Date): Promise<Carried<O>>;
  /** Whom to tell, what to forget. */
  after(link: IdentityLink, change: C, outcome: O): Promise<void>;
  audit(link: IdentityLink, change: C, outcome: O, detail: string | null): Promise<void>;
  outcomeCard(v: Voice, link: IdentityLink, change: C, outcome: O, said: Said): Reply;
  /** Said while another click or replica carries it out. */
  underWay(v: Voice, change: C): Reply;
  /** What is confirmed, as one question (the passkey page shows it). */
  asks(v: Voice, change: C): string;
}

export interface Carried<O extends string> {
  outcome: O;
  detail: string | null;
  /** The service did not answer, and what it did cannot be read back. */
  unsure?: boolean;
}

export interface Said {
  lead?: string;
  unsure?: boolean;
}

/** Undefined when `found` is no change of `k`'s kind. */
export async function settle<C extends Change<O>, O extends string>(
  deps: SettleDeps,
  k: ConfirmKind<C, O>,
  link: IdentityLink,
  v: Voice,
  found: Confirmation,
  verb: Verb,
): Promise<Settled<O> | undefined> {
  const { id } = found;
  const finish = async (
    change: C,
    to: 'done' | 'cancelled' | 'expired',
    outcome: O = to as O,
    carried: Partial<Carried<O>> = {},
  ): Promise<Settled<O>> => {
    const from = to === 'done' ? 'confirmed' : 'pending';
    const at = deps.now();
    const moved = await deps.store.moveConfirmation(change.id, { from, to, at, outcome });
    if (!moved && from === 'pending') return again(at);
    if (!moved) deps.log.error({ changeId: id, outcome }, 'could not record a change outcome');
    await k.audit(link, change, outcome, carried.detail ?? null);
    const said = { unsure: carried.unsure };
    return replaced(outcome, k.outcomeCard(v, link, change, outcome, said));
  };

  /** Someone (a second click, another replica) moved the change first: show it as it now is. */
  const again = async (at: Date): Promise<Settled<O>> => {
    const now = k.parse(await deps.store.getConfirmation(id));
    if (!now) return kept<O>('stale' as O, warning(v, v.t('change.unknown')));
    if (now.state === 'pending' && now.expiresAt.getTime() <= at.getTime()) {
      return finish(now, 'expired');
    }
    return over(now);
  };

  /** Its outcome again, or that it is being carried out right now. */
  const over = (change: C): Settled<O> => {
    if (change.state === 'confirmed' || !change.outcome) {
      return kept<O>('stale' as O, k.underWay(v, change));
    }
    const lead = v.t('change.alreadySettled');
    return replaced<O>('stale', k.outcomeCard(v, link, change, change.outcome, { lead }));
  };

  /** Others are refused and audited. */
  const refusal = async (change: C): Promise<Settled<O> | undefined> => {
    if (verb === 'confirm' && change.confirmer === 'second_admin') {
      return k.secondAdmin(link, v, change);
    }
    if (change.platform === link.platform && change.chatUserId === link.chatUserId) return;
    await k.audit(link, change, 'not_requester' as O, null);
    return kept('not_requester' as O, warning(v, v.t('change.notRequester')));
  };

  const change = k.parse(found);
  if (!change) return undefined;
  const refused = await refusal(change);
  if (refused) return refused;
  if (change.state !== 'pending') return over(change);
  if (change.expiresAt.getTime() <= deps.now().getTime()) return finish(change, 'expired');
  if (verb === 'cancel') return finish(change, 'cancelled');
  if (!(await k.stillMay(link, v, change))) return finish(change, 'cancelled', 'not_allowed' as O);
  const at = deps.now();
  if (!(await deps.store.moveConfirmation(id, { from: 'pending', to: 'confirmed', at }))) {
    return again(at);
  }
  const carried = await k.carryOut(link, change, at);
  const result = await finish(change, 'done', carried.outcome, carried);
  await k.after(link, change, carried.outcome);
  return result;
}
