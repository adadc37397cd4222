/**
 * A person's passkeys from chat: listed, one added (on the page, after one they have proved it is
 * them), one removed (never the last: without one, whoever next
 * holds their chat account would create the next), and all of someone's reset by an admin, which
 * opens enrolment on their next confirmation again. Nobody sees or changes anyone else's.
 */
import type { AccessClient } from '../../access/client.ts';
import type { Logger } from '../../log.ts';
import type { AuditStore, IdentityLink, LinkStore } from '../../store/store.ts';
import { recordAction } from '../audit/index.ts';
import { findPerson, personName } from '../find-person.ts';
import type { Identity } from '../identity.ts';
import { info, listBlock, success, warning } from '../reply.ts';
import type { Handlers } from '../turn.ts';
import type { PasskeyCommand } from './commands.ts';
import type { AskStepUp } from './links.ts';
import type { StepUpStore } from './store.ts';

export interface PasskeyDeps {
  store: StepUpStore & Pick<LinkStore, 'listLinksOf'> & AuditStore;
  now: () => Date;
  client: AccessClient;
  identity: Identity;
  log: Logger;
  /** Whether `link` is one of accessbot's admins (GROUP_ADMINS_GROUP). */
  isAdmin: (link: IdentityLink) => Promise<boolean>;
  /** Unset: STEP_UP is off, and no passkey is added. */
  stepUp?: AskStepUp;
}

export function passkeyCommands(d: PasskeyDeps): Handlers<PasskeyCommand> {
  return {
    passkeys: async ({ v, link, place }, c) => {
      const me = await link();
      const mine = await d.store.passkeysOf(me.platform, me.chatUserId);
      if (c.change?.kind === 'reset') {
        if (!(await d.isAdmin(me))) return warning(v, v.t('passkeys.resetNotAdmin'));
        const found = await findPerson({ ...d, mention: place.mention }, v, c.change.person);
        if ('reply' in found) return found.reply;
        const { person } = found;
        let count = 0;
        for (const l of await d.store.listLinksOf(person.accessUserId)) {
          count += await d.store.deletePasskeys(l.platform, l.chatUserId);
        }
        d.log.warn(
          { by: me.accessUserId, of: person.accessUserId, count },
          'an admin reset a person’s passkeys',
        );
        await recordAction(d, me, {
          action: 'passkeys_reset',
          targetUserId: person.accessUserId,
          targetName: personName(person),
          outcome: 'reset',
          detail: String(count),
        });
        return success(v, v.t('passkeys.resetDone', { name: personName(person), count }));
      }
      if (c.change?.kind === 'add') {
        if (!d.stepUp) return info(v, v.t('passkeys.off'));
        const summary = v.t('stepup.add.summary');
        const asking = { confirmationId: null, taskId: null, summary };
        return info(v, summary, { blocks: await d.stepUp(me, v, asking) });
      }
      if (c.change?.kind === 'remove') {
        const { n } = c.change;
        const chosen = mine[n - 1];
        if (!chosen) return warning(v, v.t('passkeys.noSuch', { n }));
        if (mine.length === 1) return warning(v, v.t('passkeys.lastOne'));
        await d.store.deletePasskey(me.platform, me.chatUserId, chosen.credentialId);
        return success(v, v.t('passkeys.removed', { n }));
      }
      if (!mine.length) return info(v, v.t('passkeys.none'));
      const items = mine.map((p, i) =>
        v.t('passkeys.item', {
          n: i + 1,
          added: v.time(p.createdAt),
          wasUsed: p.lastUsedAt ? 'yes' : 'no',
          usedAt: p.lastUsedAt ? v.time(p.lastUsedAt) : '',
        }),
      );
      const text = v.t('passkeys.list', { count: mine.length });
      return info(v, text, {
        blocks: [
          { kind: 'text', text },
          listBlock(items, 50),
          { kind: 'note', text: v.t('passkeys.howTo') },
        ],
      });
    },
  };
}
