/**
 * A group membership change as a pending confirmation (confirm/settle.ts): a privileged group's
 * add takes a second admin, neither the asker nor the person added.
 */
import type { Confirmer, IdentityLink, MembershipOutcome } from '../../store/store.ts';
import { GroupChange } from '../../store/store.ts';
import { recordChange } from '../audit/index.ts';
import type { ConfirmKind } from '../confirm/index.ts';
import { asKind } from '../confirm/index.ts';
import { nameOf } from '../identity.ts';
import { kept, warning } from '../reply.ts';
import { changeAsks, changedNotice, outcomeCard } from './cards.ts';
import type { GroupDeps } from './deps.ts';
import { carryOut } from './service.ts';

export const confirmerOf = (
  deps: GroupDeps,
  action: GroupChange['action'],
  group: { id: string; name: string },
): Confirmer =>
  action === 'group_add' && deps.rules.isPrivileged(group) ? 'second_admin' : 'asker';

export function groupKind(deps: GroupDeps): ConfirmKind<GroupChange, MembershipOutcome> {
  const group = (c: GroupChange) => ({ id: c.groupId, name: c.groupName });
  return {
    kind: 'group',
    parse: (found) => asKind(found, 'group', GroupChange),
    async secondAdmin(link, v, change) {
      if (link.accessUserId === change.accessUserId) {
        return kept('stale', warning(v, v.t('change.secondAdmin')));
      }
      if (link.accessUserId !== change.targetUserId && (await deps.rules.isAdmin(link))) return;
      await recordChange(deps, link, change, 'not_allowed');
      return kept('not_allowed', warning(v, v.t('change.secondAdminRefused')));
    },
    stillMay: async (link, v, change) => (await deps.rules.mayManage(link, v, group(change))).ok,
    carryOut: (_link, change) => carryOut(deps.client, deps.log, change),
    async after(link: IdentityLink, change, outcome) {
      if (outcome !== 'added' && outcome !== 'removed') return;
      await deps.notices?.tell(change.targetUserId, change.id, (w) =>
        changedNotice(w, change, nameOf(link)),
      );
    },
    audit: (link, change, outcome, detail) => recordChange(deps, link, change, outcome, detail),
    outcomeCard: (v, link, change, outcome, said) =>
      outcomeCard(v, change, outcome, nameOf(link), said.lead),
    underWay: (v) => warning(v, v.t('change.underWay')),
    asks: changeAsks,
  };
}
