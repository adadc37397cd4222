/**
 * The one pipeline in front of every feature: a person's voice, rate limit, Access link, and any
 * failure as a reply in their words. Features get the link and the voice and never repeat these.
 * The rate limit is counted in the store so it holds across processes: `burst` actions per window
 * of `burst / perMinute` minutes (twice that across a window's edge). A card refresh or a picker's
 * search take none: Teams and Slack send those by themselves.
 */
import type { Logger } from '../log.ts';
import type { IdentityLink, RateStore } from '../store/store.ts';
import { type Voice, type VoiceDefaults, voiceFor } from './i18n/voice.ts';
import type { ChatActor, Identity } from './identity.ts';
import { type Answer, type Reply, warning } from './reply.ts';
import { replyForError } from './service-errors.ts';

/** RATE_LIMIT_PER_MINUTE (0: no limit) and RATE_LIMIT_BURST. */
export interface RateLimit {
  perMinute: number;
  burst: number;
}

/** Counted; false when they must wait. */
function rateLimit(
  limit: RateLimit | undefined,
  store: RateStore,
  now: () => number,
): (who: string) => Promise<boolean> {
  if (!limit?.perMinute) return async () => true;
  const { perMinute, burst } = limit;
  const windowMs = Math.ceil((60_000 * burst) / perMinute);
  return async (who) => {
    const at = now();
    return (await store.countAction(who, new Date(at - (at % windowMs)))) <= burst;
  };
}

export interface ActorDeps {
  identity: Identity;
  store: RateStore;
  log: Logger;
  now: () => Date;
  /** Unset: no limit. */
  rateLimit?: RateLimit;
  /** For people whose platform tells neither, and channels. */
  voices?: VoiceDefaults;
}

export type MayAct = { ok: true } | { ok: false; slow: boolean; reply: Reply };

export type Work<T> = (link: IdentityLink, v: Voice) => Promise<T>;

export class Actors {
  readonly #deps: ActorDeps;
  readonly #rate: (who: string) => Promise<boolean>;

  constructor(deps: ActorDeps) {
    this.#deps = deps;
    this.#rate = rateLimit(deps.rateLimit, deps.store, () => deps.now().getTime());
  }

  voiceOf(actor: Pick<ChatActor, 'locale' | 'timeZone'>): Voice {
    return voiceFor(actor.locale, actor.timeZone, this.#deps.voices);
  }

  /** Throws `NotLinkedError`, which `as` tells them in words. */
  link(actor: ChatActor): Promise<IdentityLink> {
    return this.#deps.identity.resolve(actor);
  }

  /** Counted; never rejects. Not `slow`: the store could not count, and nothing may be done. */
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

  /** What the actor is told instead when they may not act now. */
  async held(actor: ChatActor): Promise<Reply | undefined> {
    const may = await this.mayAct(actor);
    return may.ok ? undefined : may.reply;
  }

  /** Not counted (a card refresh, a picker). */
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

  /** Counted first. */
  async act<T>(
    actor: ChatActor,
    work: Work<T>,
    failed: (reply: Reply, error: unknown) => T,
  ): Promise<T> {
    const held = await this.held(actor);
    return held ? failed(held, undefined) : this.as(actor, work, failed);
  }

  reply(actor: ChatActor, work: Work<Reply>): Promise<Reply> {
    return this.act(actor, work, (reply) => reply);
  }

  /** Not counted. */
  answer<T>(actor: ChatActor, work: Work<T>): Promise<Answer<T>> {
    const ok = async (link: IdentityLink, v: Voice): Promise<Answer<T>> => ({
      ok: true,
      value: await work(link, v),
    });
    return this.as(actor, ok, (reply) => ({ ok: false, reply }));
  }
}
