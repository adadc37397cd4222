/** Applications: `apps`, `app`, and what each platform calls for cards and forms. */
import type { z } from 'zod';
import type { WorkApp } from '../../access/schemas.ts';
import type { AppChangeAction, IdentityLink } from '../../store/store.ts';
import type { Actors } from '../actor.ts';
import type { Voice } from '../i18n/voice.ts';
import type { ChatActor } from '../identity.ts';
import { type Answer, type Form, info, type Reply, warning } from '../reply.ts';
import { inert } from '../text.ts';
import type { Handlers } from '../turn.ts';
import { appsReply } from './apps-list.ts';
import { askField, askPolicy, changer, fieldNamed, policyNamed, refuse } from './ask.ts';
import { appCard } from './card.ts';
import { type Choice, choiceOf } from './choices.ts';
import type { AppCommand, AppsCommand } from './commands.ts';
import type { AppDeps } from './deps.ts';
import { appById, readFacts } from './facts.ts';
import { findApp } from './find-app.ts';
import { type FormKind, fieldForm, formRequest, policyForm } from './forms.ts';

/** Those with a space quoted, as they were typed. */
const line = (words: readonly string[]) =>
  words.map((w) => (/\s/.test(w) ? `"${w.replaceAll('"', '')}"` : w)).join(' ');

const unavailable = (v: Voice) => warning(v, v.t('request.appUnavailable'));

export class AppDesk {
  readonly #deps: AppDeps;
  readonly #actors: Actors;

  readonly commands: Handlers<AppCommand | z.infer<typeof AppsCommand>> = {
    app: async ({ v, link }, c) => this.#appLine(await link(), v, c),
    apps: async ({ v, link }, c) =>
      appsReply(v, await this.#deps.catalog.appsFor((await link()).accessUserId), c.search),
  };

  constructor(deps: AppDeps, actors: Actors) {
    this.#deps = deps;
    this.#actors = actors;
  }

  async #appLine(link: IdentityLink, v: Voice, command: AppCommand): Promise<Reply> {
    const deps = this.#deps;
    const apps = await deps.catalog.appsFor(link.accessUserId);
    const named = findApp(v, apps, command.action === 'show' ? command.app : line(command.words));
    if (!('app' in named)) return named;
    const { app } = named;
    if (command.action === 'show') {
      if (named.rest) return warning(v, v.t('parse.appUsage'));
      return appCard(deps.rules, v, await readFacts(deps, link, v, app));
    }
    const allowed = await changer(deps, link, v, app);
    // What was asked is named first, so that a refusal is audited as it; one not named is told
    // only to those who may change the application.
    const unnamed = (action: AppChangeAction, reply: Reply) =>
      allowed.may ? reply : refuse(deps, link, v, app, action);
    const words = named.rest ? named.rest.split(' ') : [];
    if (command.action === 'policy') {
      const chosen = await policyNamed(deps, v, app, words);
      if (!('policy' in chosen)) return unnamed('app_policy', chosen);
      const { requestType, level, policy } = chosen;
      return askPolicy(deps, link, v, app, allowed, requestType, level, policy);
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

  /** Unless it is gone or hidden from the actor. */
  #onApp(
    actor: ChatActor,
    appId: string,
    work: (link: IdentityLink, v: Voice, app: WorkApp) => Promise<Reply>,
  ): Promise<Reply> {
    return this.#actors.reply(actor, async (link, v) => {
      const app = await appById(this.#deps, link, appId);
      return app ? work(link, v, app) : unavailable(v);
    });
  }

  card(actor: ChatActor, appId: string): Promise<Reply> {
    return this.#onApp(actor, appId, async (link, v, app) =>
      appCard(this.#deps.rules, v, await readFacts(this.#deps, link, v, app)),
    );
  }

  mark(actor: ChatActor, appId: string, mark: 'yes' | 'no'): Promise<Reply> {
    const deps = this.#deps;
    return this.#onApp(actor, appId, async (link, v, app) => {
      const allowed = await changer(deps, link, v, app);
      const field = allowed.fields.find((f) => deps.rules.isSensitiveField(f));
      if (field) return askField(deps, link, v, app, allowed, field, mark === 'yes' ? 'yes' : null);
      if (!allowed.may) return refuse(deps, link, v, app, 'app_field');
      return warning(v, v.t('app.noSensitiveField', { app: inert(app.name) }));
    });
  }

  /** Read fresh, for a platform that shows it on a click (a Slack modal). */
  form(actor: ChatActor, appId: string, kind: FormKind): Promise<Answer<Form>> {
    const deps = this.#deps;
    const no = (reply: Reply) => ({ ok: false, reply }) as const;
    return this.#actors.act(
      actor,
      async (link, v): Promise<Answer<Form>> => {
        const app = await appById(deps, link, appId);
        if (!app) return no(unavailable(v));
        if (!(await changer(deps, link, v, app)).may) {
          return no(
            await refuse(deps, link, v, app, kind === 'field' ? 'app_field' : 'app_policy'),
          );
        }
        const facts = await readFacts(deps, link, v, app);
        const form = kind === 'field' ? fieldForm(deps.rules, v, facts) : policyForm(v, facts);
        return form ? { ok: true, value: form } : no(info(v, v.t('app.nothingToChoose', { kind })));
      },
      no,
    );
  }

  /** Its ids are only a client's word, so each is read again. */
  submit(
    actor: ChatActor,
    appId: string,
    kind: FormKind,
    values: Record<string, unknown>,
  ): Promise<Reply> {
    const deps = this.#deps;
    return this.#actors.reply(actor, async (link, v) => {
      const request = formRequest(kind, values);
      if (!request) return warning(v, v.t('app.formIncomplete'));
      const app = await appById(deps, link, appId);
      if (!app) return unavailable(v);
      const allowed = await changer(deps, link, v, app);
      const stale = (action: AppChangeAction) =>
        allowed.may ? warning(v, v.t('app.formStale')) : refuse(deps, link, v, app, action);
      if (request.kind === 'field') {
        const field = allowed.fields.find((f) => f.id === request.fieldId);
        return field
          ? askField(deps, link, v, app, allowed, field, request.value)
          : stale('app_field');
      }
      const { requestType, levelId, policyId } = request;
      const policy = (await deps.compatible(requestType)).find((p) => p.id === policyId);
      const levels = await Array.fromAsync(deps.client.listPermissionLevels(app.id));
      const level = levelId === undefined ? undefined : levels.find((l) => l.id === levelId);
      if (!policy || (levelId !== undefined && !level)) return stale('app_policy');
      return askPolicy(deps, link, v, app, allowed, requestType, level, policy);
    });
  }

  requestForm(actor: ChatActor, appId: string): Promise<Answer<{ app: Choice; levels: Choice[] }>> {
    return this.#actors.as(
      actor,
      async (link, v): Promise<Answer<{ app: Choice; levels: Choice[] }>> => {
        const app = await appById(this.#deps, link, appId);
        if (!app) return { ok: false, reply: unavailable(v) };
        const levels = await Array.fromAsync(this.#deps.client.listPermissionLevels(app.id));
        return { ok: true, value: { app: choiceOf(app), levels: levels.map(choiceOf) } };
      },
      (reply) => ({ ok: false, reply }),
    );
  }
}
