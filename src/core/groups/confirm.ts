/**
 * Confirming and cancelling a pending membership change, from a button or typed, on any
 * replica. Only the person who asked may do either — except that adding someone to a privileged
 * group is confirmed by a second admin, neither the asker nor the person added (the asker may
 * still cancel it); an expired change is not carried out; the
 * change is claimed in the store before the Access Service is called, so a double click (or two
 * replicas) changes nothing twice; the outcome is audited, the person changed is told, and the
 * card becomes the outcome.
 */
import type { GroupChange, IdentityLink, MembershipOutcome } from '../../store/store.ts';
import { recordChange } from '../audit/index.ts';
import type { Voice } from '../i18n/voice.ts';
import { nameOf } from '../identity.ts';
import { kept, replaced, type Settled, warning } from '../reply.ts';
import { changedNotice, outcomeCard } from './cards.ts';
import type { GroupDeps } from './deps.ts';
import { carryOut } from './service.ts';

/** What a click or a typed `confirm`/`cancel` did, and what becomes of the card it came from. */
export type ChangeResult = Settled<MembershipOutcome>;

const replace = replaced<MembershipOutcome>;

const unknown = (v: Voice) => warning(v, v.t('change.unknown'));

export async function confirmChange(deps: GroupDeps, link: IdentityLink, v: Voice, id: string) {
  return settle(deps, link, v, id, secondAdmin, async (change) => {
    const allowed = await deps.rules.mayManage(link, v, {
      id: change.groupId,
      name: change.groupName,
    });
    if (!allowed.ok) return finish(deps, link, v, change, 'cancelled', 'not_allowed');
    const now = deps.now();
    if (
      !(await deps.store.moveGroupChange(change.id, { from: 'pending', to: 'confirmed', at: now }))
    ) {
      return again(deps, link, v, change.id, now);
    }
    const { outcome, detail } = await carryOut(deps.client, deps.log, change);
    const result = await finish(deps, link, v, change, 'done', outcome, detail, 'confirmed');
    if (outcome === 'added' || outcome === 'removed') {
      const notice = (w: Voice) => changedNotice(w, change, nameOf(link));
      await deps.notices?.tell(change.targetUserId, change.id, notice);
    }
    return result;
  });
}

/** Who may confirm a change: its asker, or for a privileged group a second admin. */
async function secondAdmin(deps: GroupDeps, link: IdentityLink, v: Voice, change: GroupChange) {
  const group = { id: change.groupId, name: change.groupName };
  if (change.action !== 'group_add' || !deps.rules.isPrivileged(group)) {
    return askerOnly(deps, link, v, change);
  }
  if (link.accessUserId === change.accessUserId) {
    return kept('stale', warning(v, v.t('change.secondAdmin')));
  }
  if (link.accessUserId !== change.targetUserId && (await deps.rules.isAdmin(link))) return;
  await recordChange(deps, link, change, 'not_allowed');
  return kept('not_allowed', warning(v, v.t('change.secondAdminRefused')));
}

export async function cancelChange(deps: GroupDeps, link: IdentityLink, v: Voice, id: string) {
  return settle(deps, link, v, id, askerOnly, (change) =>
    finish(deps, link, v, change, 'cancelled', 'cancelled'),
  );
}

/** The checks both share: the change exists, is the actor's to settle, and is pending in time. */
async function settle(
  deps: GroupDeps,
  link: IdentityLink,
  v: Voice,
  id: string,
  may: (
    deps: GroupDeps,
    link: IdentityLink,
    v: Voice,
    change: GroupChange,
  ) => Promise<ChangeResult | undefined>,
  act: (change: GroupChange) => Promise<ChangeResult>,
): Promise<ChangeResult> {
  const change = await deps.store.getGroupChange(id);
  if (!change) return kept('stale', unknown(v));
  const refused = await may(deps, link, v, change);
  if (refused) return refused;
  if (change.state !== 'pending') return over(v, change, link);
  if (change.expiresAt.getTime() <= deps.now().getTime()) {
    return finish(deps, link, v, change, 'expired', 'expired');
  }
  return act(change);
}

async function askerOnly(deps: GroupDeps, link: IdentityLink, v: Voice, change: GroupChange) {
  if (change.platform === link.platform && change.chatUserId === link.chatUserId) return;
  await recordChange(deps, link, change, 'not_requester');
  return kept('not_requester', warning(v, v.t('change.notRequester')));
}

/** Moves the change to its end state, audits it, and shows it; a lost race is told as it is. */
async function finish(
  deps: GroupDeps,
  link: IdentityLink,
  v: Voice,
  change: GroupChange,
  to: 'done' | 'cancelled' | 'expired',
  outcome: MembershipOutcome,
  detail: string | null = null,
  from: 'pending' | 'confirmed' = 'pending',
): Promise<ChangeResult> {
  const at = deps.now();
  const moved = await deps.store.moveGroupChange(change.id, { from, to, at, outcome });
  if (!moved && from === 'pending') return again(deps, link, v, change.id, at);
  if (!moved)
    deps.log.error({ changeId: change.id, outcome }, 'could not record a group change outcome');
  await recordChange(deps, link, change, outcome, detail);
  return replace(outcome, outcomeCard(v, change, outcome, nameOf(link)));
}

/** Someone (a second click, another replica) moved the change first: show it as it now is. */
async function again(deps: GroupDeps, link: IdentityLink, v: Voice, id: string, at: Date) {
  const now = await deps.store.getGroupChange(id);
  if (!now) return kept('stale', unknown(v));
  if (now.state === 'pending' && now.expiresAt.getTime() <= at.getTime()) {
    return finish(deps, link, v, now, 'expired', 'expired');
  }
  return over(v, now, link);
}

/** A change no longer pending: its outcome again, or that it is being carried out right now. */
function over(v: Voice, change: GroupChange, link: IdentityLink): ChangeResult {
  if (change.state === 'confirmed' || !change.outcome) {
    return kept('stale', warning(v, v.t('change.underWay')));
  }
  const lead = v.t('change.alreadySettled');
  return replace('stale', outcomeCard(v, change, change.outcome, nameOf(link), lead));
}
