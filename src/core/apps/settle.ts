/**
 * A change to an application as a pending confirmation (confirm/settle.ts): marking it not
 * sensitive takes a second admin; a changed field is read again at once, on every replica.
 */
import { AppChange, type AppChangeOutcome } from '../../store/store.ts';
import { recordAppChange, typedName } from '../audit/index.ts';
import type { ConfirmKind } from '../confirm/index.ts';
import { asKind } from '../confirm/index.ts';
import { kept, warning } from '../reply.ts';
import { inert } from '../text.ts';
import { changer } from './ask.ts';
import { appChangeAsks, namedChange, outcomeCard } from './cards.ts';
import type { AppDeps } from './deps.ts';
import { carryOut } from './service.ts';

export function appKind(deps: AppDeps): ConfirmKind<AppChange, AppChangeOutcome> {
  return {
    kind: 'app',
    parse: (found) => asKind(found, 'app', AppChange),
    async secondAdmin(link, v, change) {
      const app = inert(change.appName);
      if (link.accessUserId === change.accessUserId) {
        return kept('stale', warning(v, v.t('app.secondAdmin', { app })));
      }
      if (await deps.rules.isAdmin(link)) return;
      await recordAppChange(deps, link, namedChange(change), 'not_allowed');
      return kept('not_allowed', warning(v, v.t('app.secondAdminRefused', { app })));
    },
    // The asker must still be allowed; a second admin is one by being confirmed as one.
    stillMay: async (link, v, change) =>
      change.confirmer !== 'asker' ||
      (await changer(deps, link, v, { id: change.appId, name: change.appName })).may,
    carryOut: (link, change, at) => carryOut(deps, link, change, at),
    async after(_link, change) {
      if (change.subject.kind === 'field') await deps.sensitive?.changed(change.appId);
    },
    audit: (link, change, outcome, detail) =>
      recordAppChange(deps, link, namedChange(change), outcome, detail),
    outcomeCard: (v, _link, change, outcome, said) => outcomeCard(v, change, outcome, said),
    underWay: (v, change) =>
      warning(v, v.t('app.underWay', { app: typedName({ name: change.appName }) })),
    asks: appChangeAsks,
  };
}
