/** The `digest` command and the settings controls (Slack's App Home, Teams' settings card). */
import type { Actors } from '../actor.ts';
import type { Voice } from '../i18n/voice.ts';
import type { ChatActor } from '../identity.ts';
import { info, type Reply, success } from '../reply.ts';
import type { Handlers } from '../turn.ts';
import type { DigestCommand } from './commands.ts';
import type { DigestChoice, DigestMode, DigestStore } from './store.ts';

export interface DigestDeps {
  store: DigestStore;
  now: () => Date;
  actors: Actors;
}

/** What a person chose: off until they choose. */
export type Chosen = Pick<DigestChoice, 'mode' | 'digestTime'>;
const OFF: Chosen = { mode: 'off', digestTime: '09:00' };

/** Said in their zone: the one their platform tells, which the poller reads too. */
export const currentText = (v: Voice, c: Chosen) =>
  v.t('digest.current', { mode: c.mode, time: c.digestTime, zone: v.timeZone });

export class DigestDesk {
  readonly #d: DigestDeps;

  readonly commands: Handlers<DigestCommand> = {
    digest: async (turn, c) => {
      const { accessUserId } = await turn.link();
      if (!c.choice) return info(turn.v, currentText(turn.v, await this.#chosen(accessUserId)));
      const time = c.choice.mode === 'off' ? undefined : c.choice.time;
      return this.#choose(turn.v, accessUserId, c.choice.mode, time);
    },
  };

  constructor(deps: DigestDeps) {
    this.#d = deps;
  }

  /** A control's choice; `time` unset keeps the one chosen before (09:00 at first). */
  set(actor: ChatActor, mode: DigestMode, time?: string): Promise<Reply> {
    return this.#d.actors.reply(actor, (link, v) => this.#choose(v, link.accessUserId, mode, time));
  }

  /** Off also when they cannot be told apart. */
  async now(actor: ChatActor): Promise<Chosen> {
    const link = await this.#d.actors.link(actor).catch(() => undefined);
    return link ? this.#chosen(link.accessUserId) : OFF;
  }

  async #chosen(accessUserId: string): Promise<Chosen> {
    return (await this.#d.store.digestChoice(accessUserId)) ?? OFF;
  }

  async #choose(v: Voice, accessUserId: string, mode: DigestMode, time?: string) {
    const digestTime = time ?? (await this.#chosen(accessUserId)).digestTime;
    const saved = await this.#d.store.chooseDigest(accessUserId, mode, digestTime, this.#d.now());
    const current = currentText(v, saved);
    return success(v, v.t('digest.saved', { current }), { title: v.t('digest.savedTitle') });
  }
}
