/**
 * The one pipeline in front of every feature: whatever a person sends — a typed line, a click, a
 * form, a picker's search — passes here once. It finds the voice to answer in, counts the action
 * against the person's rate limit, resolves who they are in the Access Service, and turns any
 * failure into a reply in their words. Features receive the link and the voice and never repeat
 * these steps.
 */
import type { Logger } from '../log.ts';
import type { IdentityLink, RateStore } from '../store/store.ts';
import { type Voice, type VoiceDefaults, voiceFor } from './i18n/voice.ts';
import type { ChatActor, Identity } from './identity.ts';
import { type RateLimit, rateLimit } from './rate-limit.ts';
import { type Answer, type Reply, warning } from './reply.ts';
import { replyForError } from './service-errors.ts';

export interface ActorDeps {
  identity: Identity;
  store: RateStore;
  log: Logger;
  now: () => Date;
  /** Commands, clicks and forms one person may send per minute and in a row; unset: no limit. */
  rateLimit?: RateLimit;
  /** DEFAULT_LOCALE and DEFAULT_TIME_ZONE: for people whose platform tells neither, and channels. */
  voices?: VoiceDefaults;
}

/** Whether a person may act now, and when not, what they are told (see `Actors.mayAct`). */
export type MayAct = { ok: true } | { ok: false; slow: boolean; reply: Reply };

/** What a feature's work gets: the person's link and the voice to answer them in. */
export type Work<T> = (link: IdentityLink, v: Voice) => Promise<T>;

export class Actors {
  readonly #deps: ActorDeps;
  readonly #rate: (who: string) => Promise<boolean>;

  constructor(deps: ActorDeps) {
    this.#deps = deps;
    this.#rate = rateLimit(deps.rateLimit, deps.store, () => deps.now().getTime());
  }

  /** The language and time zone the actor's platform gave, or the organisation's defaults. */
  voiceOf(actor: Pick<ChatActor, 'locale' | 'timeZone'>): Voice {
    return voiceFor(actor.locale, actor.timeZone, this.#deps.voices);
  }

  /** The actor's link; throws `NotLinkedError`, which `as` tells them in words. */
  link(actor: ChatActor): Promise<IdentityLink> {
    return this.#deps.identity.resolve(actor);
  }

  /**
   * Whether `actor` may act now, counted (opening the Slack App Home counts too); never rejects.
   * When not: `slow` — past their limit — or the store could not count (nothing may be done
   * then), and `reply` says which.
   */
  async mayAct(actor: ChatActor): Promise<MayAct> {
    const v = this.voiceOf(actor);
    try {
      if (await this.#rate(`${actor.platform}:${actor.chatUserId}`)) return { ok: true };
    } catch (error) {
      return { ok: false, slow: false, reply: replyForError(v, error, this.#deps.log) };
    }
    this.#deps.log.warn({ platform: actor.platform }, 'a person was asked to slow down');
    const reply = warning(v, v.t('bot.slowDown'), { title: v.t('bot.slowDownTitle') });
    return { ok: false, slow: true, reply };
  }

  /** What the actor is told instead when they may not act now; undefined when they may. */
  async held(actor: ChatActor): Promise<Reply | undefined> {
    const may = await this.mayAct(actor);
    return may.ok ? undefined : may.reply;
  }

  /** `work` for the actor, not counted (a card refresh, a picker); a failure told by `failed`. */
  async as<T>(
    actor: ChatActor,
    work: Work<T>,
    failed: (reply: Reply, error: unknown) => T,
  ): Promise<T> {
    const v = this.voiceOf(actor);
    try {
      return await work(await this.link(actor), v);
    } catch (error) {
      return failed(replyForError(v, error, this.#deps.log), error);
    }
  }

  /** `work` for the actor, counted first: past their limit, `failed` tells them instead. */
  async act<T>(
    actor: ChatActor,
    work: Work<T>,
    failed: (reply: Reply, error: unknown) => T,
  ): Promise<T> {
    const held = await this.held(actor);
    return held ? failed(held, undefined) : this.as(actor, work, failed);
  }

  /** A counted action whose answer is a reply. */
  reply(actor: ChatActor, work: Work<Reply>): Promise<Reply> {
    return this.act(actor, work, (reply) => reply);
  }

  /** An uncounted read whose value the platform shows, or the reply that says why not. */
  answer<T>(actor: ChatActor, work: Work<T>): Promise<Answer<T>> {
    const ok = async (link: IdentityLink, v: Voice): Promise<Answer<T>> => ({
      ok: true,
      value: await work(link, v),
    });
    return this.as(actor, ok, (reply) => ({ ok: false, reply }));
  }
}
