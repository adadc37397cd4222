/**
 * The bot's door for applications: what each platform calls for a card, its forms and buttons,
 * with the person resolved, counted against their rate limit, and a failure told in their words.
 */
import type { IdentityLink } from '../../store/store.ts';
import type { Choice } from '../choices.ts';
import { choiceOf } from '../choices.ts';
import type { Voice } from '../i18n/voice.ts';
import type { ChatActor } from '../identity.ts';
import { type Answer, type Form, type Reply, warning } from '../reply.ts';
import type { AppDeps } from './deps.ts';
import { appById } from './facts.ts';
import type { FormKind } from './forms.ts';
import { cardById, formOf, markApp, submitForm } from './run.ts';

/** What the bot lends the desk: its voices, its rate limit, and its way of acting as someone. */
export interface Door {
  voiceOf(actor: ChatActor): Voice;
  /** What the actor is told instead when they may not act now (too fast, or no store); else undefined. */
  held(actor: ChatActor): Promise<Reply | undefined>;
  as<T>(
    actor: ChatActor,
    work: (link: IdentityLink) => Promise<T>,
    failed: (reply: Reply) => T,
  ): Promise<T>;
}

export class AppDesk {
  readonly #deps: AppDeps;
  readonly #door: Door;

  constructor(deps: AppDeps, door: Door) {
    this.#deps = deps;
    this.#door = door;
  }

  /** The card of an application, from a button or the request form. */
  card(actor: ChatActor, appId: string): Promise<Reply> {
    return this.#reply(actor, (link, v) => cardById(this.#deps, link, v, appId));
  }

  /** A card's Mark sensitive / Mark not sensitive: the change's confirmation. */
  mark(actor: ChatActor, appId: string, mark: 'yes' | 'no'): Promise<Reply> {
    return this.#reply(actor, (link, v) => markApp(this.#deps, link, v, appId, mark));
  }

  /** A card's form, for a platform that shows it when the button is clicked (a Slack modal). */
  async form(actor: ChatActor, appId: string, kind: FormKind): Promise<Answer<Form>> {
    const v = this.#door.voiceOf(actor);
    const held = await this.#door.held(actor);
    if (held) return { ok: false, reply: held };
    return this.#door.as(
      actor,
      async (link): Promise<Answer<Form>> => {
        const got = await formOf(this.#deps, link, v, appId, kind);
        return 'form' in got ? { ok: true, value: got.form } : { ok: false, reply: got.reply };
      },
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
    return this.#reply(actor, (link, v) => submitForm(this.#deps, link, v, appId, kind, values));
  }

  /** What the request form needs to open with this application chosen. */
  async requestForm(
    actor: ChatActor,
    appId: string,
  ): Promise<Answer<{ app: Choice; levels: Choice[] }>> {
    const v = this.#door.voiceOf(actor);
    return this.#door.as(
      actor,
      async (link): Promise<Answer<{ app: Choice; levels: Choice[] }>> => {
        const app = await appById(this.#deps, link, appId);
        if (!app) return { ok: false, reply: warning(v, v.t('request.appUnavailable')) };
        const levels = await Array.fromAsync(this.#deps.client.listPermissionLevels(app.id));
        return { ok: true, value: { app: choiceOf(app), levels: levels.map(choiceOf) } };
      },
      (reply) => ({ ok: false, reply }),
    );
  }

  async #reply(
    actor: ChatActor,
    work: (link: IdentityLink, v: Voice) => Promise<Reply>,
  ): Promise<Reply> {
    const v = this.#door.voiceOf(actor);
    const held = await this.#door.held(actor);
    if (held) return held;
    return this.#door.as(
      actor,
      (link) => work(link, v),
      (reply) => reply,
    );
  }
}
