/**
 * Applications: the `app` command, and what each platform calls for a card, its forms and
 * buttons — each through the actor pipeline (the person resolved, counted, a failure told in
 * their words).
 */

import type { z } from 'zod';
import type { Actors } from '../actor.ts';
import type { ChatActor } from '../identity.ts';
import { type Answer, type Form, type Reply, warning } from '../reply.ts';
import type { Handlers } from '../turn.ts';
import { appsReply } from './apps-list.ts';
import { type Choice, choiceOf } from './choices.ts';
import type { AppCommand, AppsCommand } from './commands.ts';
import type { AppDeps } from './deps.ts';
import { appById } from './facts.ts';
import type { FormKind } from './forms.ts';
import { cardById, formOf, markApp, runAppLine, submitForm } from './run.ts';

export class AppDesk {
  readonly #deps: AppDeps;
  readonly #actors: Actors;

  readonly commands: Handlers<AppCommand | z.infer<typeof AppsCommand>> = {
    app: async ({ v, link }, c) => runAppLine(this.#deps, await link(), v, c),
    apps: async ({ v, link }, c) =>
      appsReply(v, await this.#deps.catalog.appsFor((await link()).accessUserId), c.search),
  };

  constructor(deps: AppDeps, actors: Actors) {
    this.#deps = deps;
    this.#actors = actors;
  }

  /** The card of an application, from a button or the request form. */
  card(actor: ChatActor, appId: string): Promise<Reply> {
    return this.#actors.reply(actor, (link, v) => cardById(this.#deps, link, v, appId));
  }

  /** A card's Mark sensitive / Mark not sensitive: the change's confirmation. */
  mark(actor: ChatActor, appId: string, mark: 'yes' | 'no'): Promise<Reply> {
    return this.#actors.reply(actor, (link, v) => markApp(this.#deps, link, v, appId, mark));
  }

  /** A card's form, for a platform that shows it when the button is clicked (a Slack modal). */
  form(actor: ChatActor, appId: string, kind: FormKind): Promise<Answer<Form>> {
    return this.#actors.act(
      actor,
      (link, v) => formOf(this.#deps, link, v, appId, kind),
      (reply) => ({ ok: false, reply }),
    );
  }

  /** A submitted form: the change's confirmation, or why there is none. */
  submit(
    actor: ChatActor,
    appId: string,
    kind: FormKind,
    values: Record<string, unknown>,
  ): Promise<Reply> {
    return this.#actors.reply(actor, (link, v) =>
      submitForm(this.#deps, link, v, appId, kind, values),
    );
  }

  /** What the request form needs to open with this application chosen. */
  requestForm(actor: ChatActor, appId: string): Promise<Answer<{ app: Choice; levels: Choice[] }>> {
    return this.#actors.as(
      actor,
      async (link, v): Promise<Answer<{ app: Choice; levels: Choice[] }>> => {
        const app = await appById(this.#deps, link, appId);
        if (!app) return { ok: false, reply: warning(v, v.t('request.appUnavailable')) };
        const levels = await Array.fromAsync(this.#deps.client.listPermissionLevels(app.id));
        return { ok: true, value: { app: choiceOf(app), levels: levels.map(choiceOf) } };
      },
      (reply) => ({ ok: false, reply }),
    );
  }
}
