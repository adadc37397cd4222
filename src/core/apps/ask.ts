/**
 * Asking for a change to an application (typed, from a card's form, or Mark): checked against the
 * asker's rights and what the service shows, then stored as pending behind a confirmation card.
 * Nothing is changed in the Access Service here.
 */
import type { CustomField, PermissionLevel, Policy, WorkApp } from '../../access/schemas.ts';
import type {
  AppChangeAction,
  AppChangeSubject,
  AppFacts,
  Confirmer,
  IdentityLink,
} from '../../store/store.ts';
import { recordAppChange, requestTypeNamed } from '../audit/index.ts';
import { openConfirmation } from '../confirm/index.ts';
import { uuidLike } from '../grammar.ts';
import { flag, type Voice } from '../i18n/voice.ts';
import { nameOf } from '../identity.ts';
import { matchByName, normalize } from '../match.ts';
import { info, type Reply, warning } from '../reply.ts';
import { inert } from '../text.ts';
import { confirmationCard, namedChange } from './cards.ts';
import { type AppDeps, REQUEST_TYPES } from './deps.ts';
import { fieldsOf } from './facts.ts';
import { valueLooksSecret } from './secret-fields.ts';

const TYPE_WORDS: Record<string, (typeof REQUEST_TYPES)[number]> = {
  accessrequest: 'AccessRequest',
  request: 'AccessRequest',
  requests: 'AccessRequest',
  entitlementreview: 'EntitlementReview',
  review: 'EntitlementReview',
  reviews: 'EntitlementReview',
  offboardingstep: 'OffboardingStep',
  offboarding: 'OffboardingStep',
};

const quotedList = (v: Voice, items: readonly { name: string }[]) =>
  v.list(items.slice(0, 20).map((i) => v.t('request.quoted', { name: inert(i.name, 100) })));

export async function changer(
  deps: AppDeps,
  link: IdentityLink,
  v: Voice,
  app: Pick<WorkApp, 'id' | 'name'>,
) {
  const fields = await fieldsOf(deps, app.id);
  const roles = await deps.rules.rolesOf(link, v, app, fields);
  return { fields, roles, may: deps.rules.mayChange(roles) };
}

export type Changer = Awaited<ReturnType<typeof changer>>;

/**
 * Says no more than that the asker may not; audited as the change attempted, or as `action` on
 * the application when refused before the change was named.
 */
export async function refuse(
  deps: AppDeps,
  link: IdentityLink,
  v: Voice,
  app: Pick<WorkApp, 'id' | 'name'>,
  attempt: AppChangeSubject | AppChangeAction,
  said = v.t('app.mayNot', { app: inert(app.name) }),
): Promise<Reply> {
  const audit =
    typeof attempt === 'string'
      ? { ...unnamed, action: attempt, appId: app.id, appName: app.name }
      : namedChange(factsOf(link, app, attempt));
  await recordAppChange(deps, link, audit, 'not_allowed');
  return warning(v, said, { title: v.t('rules.notAllowed') });
}

const REFUSED = {
  secret: 'app.secretField',
  secret_value: 'app.secretValue',
  admins_only: 'app.ownersAdmins',
} as const;

const unnamed = { fieldName: null, requestType: null, valueBefore: null, valueAfter: null };

/** `after` null: clear it. */
export async function askField(
  deps: AppDeps,
  link: IdentityLink,
  v: Voice,
  app: WorkApp,
  allowed: Changer,
  field: CustomField,
  after: string | null,
): Promise<Reply> {
  const before = field.value ?? null;
  // A secret field is never changed from chat, nor a credential typed: such values are kept nowhere.
  const secret = deps.rules.isSecret(field) || valueLooksSecret(after);
  const subject = {
    kind: 'field',
    fieldId: field.id,
    fieldName: field.name,
    before: secret ? null : before,
    after: secret ? null : after,
  } as const;
  if (!allowed.may) return refuse(deps, link, v, app, subject);
  const said = { app: inert(app.name), field: inert(field.name, 200) };
  // The interface takes only a uuid as a field's id: another one cannot be sent at all.
  if (!uuidLike.test(field.id)) return warning(v, v.t('app.fieldNotSendable', said));
  const rule = deps.rules.fieldRule(allowed.roles, field, before, after);
  if (rule === 'secret' || rule === 'secret_value' || rule === 'admins_only') {
    const text = v.t(REFUSED[rule], said);
    return refuse(deps, link, v, app, subject, text);
  }
  if ((before ?? '') === (after ?? '')) {
    const value = after === null ? '' : inert(after, 200);
    return info(v, v.t('app.nothingToDo', { ...said, value, clear: flag(after === null) }));
  }
  return save(deps, link, v, factsOf(link, app, subject), rule);
}

export async function askPolicy(
  deps: AppDeps,
  link: IdentityLink,
  v: Voice,
  app: WorkApp,
  allowed: Changer,
  requestType: string,
  level: PermissionLevel | undefined,
  policy: Policy,
): Promise<Reply> {
  const set = await deps.store.listAppPolicies(app.id);
  const last = set.find((p) => p.requestType === requestType && p.levelId === (level?.id ?? ''));
  const subject = {
    kind: 'policy',
    requestType,
    levelId: level?.id ?? null,
    levelName: level?.name ?? null,
    policyId: policy.id,
    policyName: policy.name,
    before: last?.policyName ?? null,
  } as const;
  if (!allowed.may) return refuse(deps, link, v, app, subject);
  return save(deps, link, v, factsOf(link, app, subject), 'asker');
}

const factsOf = (
  link: IdentityLink,
  app: Pick<WorkApp, 'id' | 'name'>,
  subject: AppChangeSubject,
): AppFacts => ({
  askedByName: nameOf(link),
  appId: app.id,
  appName: app.name,
  subject,
});

async function save(
  deps: AppDeps,
  link: IdentityLink,
  v: Voice,
  facts: AppFacts,
  confirmer: Confirmer,
): Promise<Reply> {
  const { code, base } = await openConfirmation(deps, 'app', link, confirmer, facts);
  return confirmationCard(v, { ...base, ...facts, outcome: null }, code);
}

/** The longest start of the words that is a field's name, else one the first word names in part. */
export function fieldNamed(
  v: Voice,
  app: WorkApp,
  fields: readonly CustomField[],
  words: readonly string[],
): { field: CustomField; rest: string[] } | Reply {
  for (let n = words.length; n >= 1; n--) {
    const name = normalize(words.slice(0, n).join(' '));
    const field = fields.find((f) => normalize(f.name) === name);
    if (field) return { field, rest: words.slice(n) };
  }
  const typed = words[0] ?? '';
  const match = matchByName(fields, typed, (f) => f.name);
  if (match.kind === 'one') return { field: match.item, rest: words.slice(1) };
  const said = { typed: inert(typed, 100), app: inert(app.name) };
  const fieldsSaid = quotedList(v, match.kind === 'many' ? match.items : fields);
  return warning(
    v,
    match.kind === 'many'
      ? v.t('app.severalFields', { ...said, fields: fieldsSaid })
      : v.t('app.noField', { ...said, fields: fieldsSaid }),
  );
}

/** `[level <level>] <request type> <policy>`: the first word that names a request type splits. */
export async function policyNamed(
  deps: AppDeps,
  v: Voice,
  app: WorkApp,
  words: readonly string[],
): Promise<{ requestType: string; level?: PermissionLevel; policy: Policy } | Reply> {
  const at = words.findIndex((w) => TYPE_WORDS[w.toLowerCase()] !== undefined);
  const types = v.list(REQUEST_TYPES.map((t) => `\`${t}\``));
  if (at < 0 || at === words.length - 1) return warning(v, v.t('app.whichType', { types }));
  const requestType = TYPE_WORDS[words[at]!.toLowerCase()]!;
  const levelWords = words.slice(0, at).filter((w, i) => i > 0 || w.toLowerCase() !== 'level');
  let level: PermissionLevel | undefined;
  if (levelWords.length) {
    const levels = await Array.fromAsync(deps.client.listPermissionLevels(app.id));
    const typed = levelWords.join(' ');
    const match = matchByName(levels, typed, (l) => l.name);
    if (match.kind !== 'one') {
      const listed = match.kind === 'many' ? match.items : levels;
      return warning(
        v,
        v.t('app.noLevel', {
          app: inert(app.name),
          typed: inert(typed, 100),
          several: flag(match.kind === 'many'),
          levels: quotedList(v, listed),
        }),
      );
    }
    level = match.item;
  }
  const typed = words.slice(at + 1).join(' ');
  const compatible = await deps.compatible(requestType);
  const match = matchByName(compatible, typed, (p) => p.name);
  if (match.kind === 'one') return { requestType, level, policy: match.item };
  const listed = match.kind === 'many' ? match.items : compatible;
  return warning(
    v,
    v.t('app.noPolicy', {
      typed: inert(typed, 100),
      several: flag(match.kind === 'many'),
      type: requestTypeNamed(v, requestType),
      policies: quotedList(v, listed),
    }),
  );
}
