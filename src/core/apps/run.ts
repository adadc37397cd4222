/**
 * The application commands of a linked person, each to the part that answers it: `app <name>`
 * (the card), `app set|clear|policy …` (a change, confirmed first), and the same changes asked
 * from a card's forms and buttons.
 */
import type { AppChangeAction, IdentityLink } from '../../store/store.ts';
import type { Voice } from '../i18n/voice.ts';
import { type Answer, type Form, info, type Reply, warning } from '../reply.ts';
import { inert } from '../text.ts';
import { askField, askPolicy, changer, fieldNamed, policyNamed, refuse } from './ask.ts';
import { appCard } from './card.ts';
import type { AppCommand } from './commands.ts';
import type { AppDeps } from './deps.ts';
import { appById, readFacts } from './facts.ts';
import { findApp } from './find-app.ts';
import { type FormKind, fieldForm, formRequest, policyForm } from './forms.ts';

/** Words as one command line again: those with a space quoted, as they were typed. */
const line = (words: readonly string[]) =>
  words.map((w) => (/\s/.test(w) ? `"${w.replaceAll('"', '')}"` : w)).join(' ');

const restWords = (rest: string) => (rest ? rest.split(' ') : []);

export async function runAppLine(
  deps: AppDeps,
  link: IdentityLink,
  v: Voice,
  command: AppCommand,
): Promise<Reply> {
  const apps = await deps.catalog.appsFor(link.accessUserId);
  const named = findApp(v, apps, command.action === 'show' ? command.app : line(command.words));
  if (!('app' in named)) return named;
  if (command.action === 'show') {
    if (named.rest) return warning(v, v.t('parse.appUsage'));
    return appCard(deps.rules, v, await readFacts(deps, link, v, named.app));
  }
  const { app } = named;
  const allowed = await changer(deps, link, v, app);
  // What was asked is named first, so that a refusal is audited as it; one not named is told
  // only to those who may change the application.
  const unnamed = (action: AppChangeAction, reply: Reply) =>
    allowed.may ? reply : refuse(deps, link, v, app, action);
  const words = restWords(named.rest);
  if (command.action === 'policy') {
    const chosen = await policyNamed(deps, v, app, words);
    if (!('policy' in chosen)) return unnamed('app_policy', chosen);
    return askPolicy(deps, link, v, app, allowed, chosen.requestType, chosen.level, chosen.policy);
  }
  const field = fieldNamed(v, app, allowed.fields, words);
  if (!('field' in field)) return unnamed('app_field', field);
  const typed = ('value' in command ? command.value : undefined) ?? field.rest.join(' ');
  const value = command.action === 'set' ? typed.trim() : '';
  if (command.action === 'set' ? !value : field.rest.length > 0) {
    return unnamed('app_field', warning(v, v.t('parse.appUsage')));
  }
  return askField(deps, link, v, app, allowed, field.field, value || null);
}

/** The card of an application by id (a button, the request form), unless hidden or gone. */
export async function cardById(
  deps: AppDeps,
  link: IdentityLink,
  v: Voice,
  appId: string,
): Promise<Reply> {
  const app = await appById(deps, link, appId);
  if (!app) return warning(v, v.t('request.appUnavailable'));
  return appCard(deps.rules, v, await readFacts(deps, link, v, app));
}

/** One of the card's forms, read fresh; a reply when there is none for this person. */
export async function formOf(
  deps: AppDeps,
  link: IdentityLink,
  v: Voice,
  appId: string,
  kind: FormKind,
): Promise<Answer<Form>> {
  const app = await appById(deps, link, appId);
  if (!app) return { ok: false, reply: warning(v, v.t('request.appUnavailable')) };
  if (!(await changer(deps, link, v, app)).may) {
    const action = kind === 'field' ? 'app_field' : 'app_policy';
    return { ok: false, reply: await refuse(deps, link, v, app, action) };
  }
  const facts = await readFacts(deps, link, v, app);
  const form = kind === 'field' ? fieldForm(deps.rules, v, facts) : policyForm(v, facts);
  if (form) return { ok: true, value: form };
  return { ok: false, reply: info(v, v.t('app.nothingToChoose', { kind })) };
}

/** A submitted form: its ids are only a client's word, so each is read again. */
export async function submitForm(
  deps: AppDeps,
  link: IdentityLink,
  v: Voice,
  appId: string,
  kind: FormKind,
  values: Record<string, unknown>,
): Promise<Reply> {
  const request = formRequest(kind, values);
  if (!request) return warning(v, v.t('app.formIncomplete'));
  const app = await appById(deps, link, appId);
  if (!app) return warning(v, v.t('request.appUnavailable'));
  const allowed = await changer(deps, link, v, app);
  const stale = (action: AppChangeAction) =>
    allowed.may ? warning(v, v.t('app.formStale')) : refuse(deps, link, v, app, action);
  if (request.kind === 'field') {
    const field = allowed.fields.find((f) => f.id === request.fieldId);
    if (!field) return stale('app_field');
    return askField(deps, link, v, app, allowed, field, request.value);
  }
  const { requestType, levelId, policyId } = request;
  const policy = (await deps.compatible(requestType)).find((p) => p.id === policyId);
  const levels = await Array.fromAsync(deps.client.listPermissionLevels(app.id));
  const level = levelId === undefined ? undefined : levels.find((l) => l.id === levelId);
  if (!policy || (levelId !== undefined && !level)) return stale('app_policy');
  return askPolicy(deps, link, v, app, allowed, requestType, level, policy);
}

/** The card's Mark sensitive / Mark not sensitive: the sensitivity field set, or cleared. */
export async function markApp(
  deps: AppDeps,
  link: IdentityLink,
  v: Voice,
  appId: string,
  mark: 'yes' | 'no',
): Promise<Reply> {
  const app = await appById(deps, link, appId);
  if (!app) return warning(v, v.t('request.appUnavailable'));
  const allowed = await changer(deps, link, v, app);
  const field = allowed.fields.find((f) => deps.rules.isSensitiveField(f));
  if (!field) {
    if (!allowed.may) return refuse(deps, link, v, app, 'app_field');
    return warning(v, v.t('app.noSensitiveField', { app: inert(app.name) }));
  }
  return askField(deps, link, v, app, allowed, field, mark === 'yes' ? 'yes' : null);
}
