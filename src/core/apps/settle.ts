/**
 * Confirming and cancelling a pending change to an application, from a button or typed, on any
 * replica — as a group change is (groups/confirm.ts): only the person who asked confirms it, or,
 * for marking an application not sensitive, a second admin (neither the asker); the asker may
 * cancel. An expired change is not carried out; the change is claimed in the store before the
 * Access Service is called, so a double click (or two replicas) changes nothing twice; the
 * outcome is audited with what was before and what was to be, and the card becomes the outcome.
 */
import type { AppChange, AppChangeOutcome, IdentityLink } from '../../store/store.ts';
import { recordAppChange, typedName } from '../audit/index.ts';
import type { Voice } from '../i18n/voice.ts';
import { kept, replaced, type Settled, warning } from '../reply.ts';
import { inert } from '../text.ts';
import { changer } from './ask.ts';
import { namedChange, outcomeCard } from './cards.ts';
import type { AppDeps } from './deps.ts';
import { carryOut } from './service.ts';

/** What a click or a typed `confirm`/`cancel` did, and what becomes of the card it came from. */
export type AppChangeResult = Settled<AppChangeOutcome>;

const replace = replaced<AppChangeOutcome>;

type Verb = 'confirm' | 'cancel';

/**
 * Confirms or cancels the change `id`; undefined when no change to an application has that id
 * (it may be a group change, or a sensitive approval's code).
 */
export async function settleAppChange(
  deps: AppDeps,
  link: IdentityLink,
  v: Voice,
  id: string,
  verb: Verb,
): Promise<AppChangeResult | undefined> {
  const change = await deps.store.getAppChange(id);
  if (!change) return undefined;
  const refused =
    verb === 'confirm'
      ? await mayConfirm(deps, link, v, change)
      : await askerOnly(deps, link, v, change);
  if (refused) return refused;
  if (change.state !== 'pending') return over(v, change);
  if (change.expiresAt.getTime() <= deps.now().getTime()) {
    return finish(deps, link, v, change, 'expired', 'expired');
  }
  if (verb === 'cancel') return finish(deps, link, v, change, 'cancelled', 'cancelled');
  return confirm(deps, link, v, change);
}

async function confirm(deps: AppDeps, link: IdentityLink, v: Voice, change: AppChange) {
  // The asker must still be allowed; a second admin is one by being confirmed as one.
  if (change.confirmer === 'asker') {
    const app = { id: change.appId, name: change.appName };
    const { may } = await changer(deps, link, v, app);
    if (!may) return finish(deps, link, v, change, 'cancelled', 'not_allowed');
  }
  const now = deps.now();
  const claimed = await deps.store.moveAppChange(change.id, {
    from: 'pending',
    to: 'confirmed',
    at: now,
  });
  if (!claimed) return again(deps, link, v, change.id, now);
  const carried = await carryOut(deps, link, change, now);
  if (change.subject.kind === 'field') deps.sensitive?.forget(change.appId);
  return finish(deps, link, v, change, 'done', carried.outcome, {
    detail: carried.detail,
    from: 'confirmed',
    unsure: carried.unsure,
  });
}

/** Who may confirm: its asker, or for marking an application not sensitive a second admin. */
async function mayConfirm(deps: AppDeps, link: IdentityLink, v: Voice, change: AppChange) {
  if (change.confirmer === 'asker') return askerOnly(deps, link, v, change);
  if (link.accessUserId === change.accessUserId) {
    return kept('stale', warning(v, v.t('app.secondAdmin', { app: inert(change.appName) })));
  }
  if (await deps.rules.isAdmin(link)) return undefined;
  await recordAppChange(deps, link, namedChange(change), 'not_allowed');
  return kept(
    'not_allowed',
    warning(v, v.t('app.secondAdminRefused', { app: inert(change.appName) })),
  );
}

async function askerOnly(deps: AppDeps, link: IdentityLink, v: Voice, change: AppChange) {
  if (change.platform === link.platform && change.chatUserId === link.chatUserId) return undefined;
  await recordAppChange(deps, link, namedChange(change), 'not_requester');
  return kept('not_requester', warning(v, v.t('change.notRequester')));
}

interface Finish {
  detail?: string | null;
  from?: 'pending' | 'confirmed';
  unsure?: boolean;
}

/** Moves the change to its end state, audits it, and shows it; a lost race is told as it is. */
async function finish(
  deps: AppDeps,
  link: IdentityLink,
  v: Voice,
  change: AppChange,
  to: 'done' | 'cancelled' | 'expired',
  outcome: AppChangeOutcome,
  options: Finish = {},
): Promise<AppChangeResult> {
  const { from = 'pending', detail = null } = options;
  const at = deps.now();
  const moved = await deps.store.moveAppChange(change.id, { from, to, at, outcome });
  if (!moved && from === 'pending') return again(deps, link, v, change.id, at);
  if (!moved)
    deps.log.error({ changeId: change.id, outcome }, 'could not record an app change outcome');
  await recordAppChange(deps, link, namedChange(change), outcome, detail);
  return replace(outcome, outcomeCard(v, change, outcome, { unsure: options.unsure }));
}

/** Someone (a second click, another replica) moved the change first: show it as it now is. */
async function again(deps: AppDeps, link: IdentityLink, v: Voice, id: string, at: Date) {
  const now = await deps.store.getAppChange(id);
  if (!now) return kept('stale', warning(v, v.t('change.unknown')));
  if (now.state === 'pending' && now.expiresAt.getTime() <= at.getTime()) {
    return finish(deps, link, v, now, 'expired', 'expired');
  }
  return over(v, now);
}

/** A change no longer pending: its outcome again, or that it is being carried out right now. */
function over(v: Voice, change: AppChange): AppChangeResult {
  if (change.state === 'confirmed' || !change.outcome) {
    return kept(
      'stale',
      warning(v, v.t('app.underWay', { app: typedName({ name: change.appName }) })),
    );
  }
  const lead = v.t('change.alreadySettled');
  return replace('stale', outcomeCard(v, change, change.outcome, { lead }));
}
