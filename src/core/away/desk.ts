/** Absences: the commands and the App Home's switch. */
import type { Away } from '../../store/store.ts';
import type { Actors } from '../actor.ts';
import type { Voice } from '../i18n/voice.ts';
import type { ChatActor } from '../identity.ts';
import type { Reply } from '../reply.ts';
import type { Handlers } from '../turn.ts';
import { type AwayDeps, awayOf, comeBack, goAway, untilText } from './away.ts';
import type { AwayCommand } from './commands.ts';
import { addDays, dayText, localDay } from './days.ts';

export class AwayDesk {
  readonly #d: AwayDeps & { actors: Actors };

  readonly commands: Handlers<AwayCommand> = {
    away: async (turn, c) => goAway(this.#d, await turn.link(), turn.v, c.until, c.note),
    back: async (turn) => comeBack(this.#d, await turn.link(), turn.v),
  };

  constructor(deps: AwayDeps & { actors: Actors }) {
    this.#d = deps;
  }

  /** The App Home's switch: `day` checked as `away until` checks it; undefined: back. */
  set(actor: ChatActor, day: string | undefined, note?: string): Promise<Reply> {
    return this.#d.actors.reply(actor, (link, v) =>
      day === undefined ? comeBack(this.#d, link, v) : goAway(this.#d, link, v, day, note),
    );
  }

  /** Tomorrow in the actor's zone. */
  formDay(actor: ChatActor): string {
    const v = this.#d.actors.voiceOf(actor);
    return dayText(addDays(localDay(this.#d.now(), v.timeZone), 1));
  }

  until(v: Voice, away: Pick<Away, 'untilDay'>): string {
    return untilText(v, away);
  }

  /** Undefined also when they cannot be told apart. */
  async now(actor: ChatActor): Promise<Away | undefined> {
    const link = await this.#d.actors.link(actor).catch(() => undefined);
    return link && awayOf(this.#d, link.accessUserId);
  }
}
