/**
 * The "tell this person" port: a short direct message to an Access user on every platform where
 * they are linked, through that platform's notifier. The composition root registers each
 * platform's notifier once it has started (the bot exists before the platforms do). Best effort,
 * once: a person who cannot be reached is logged, and the change they are told about stands.
 */
import type { Logger } from '../log.ts';
import type { LinkStore, Platform } from '../store/store.ts';
import type { Voice, VoiceDefaults } from './i18n/voice.ts';
import { type Notifier, recipientVoice } from './notifier.ts';
import type { Reply } from './reply.ts';

export interface TellPerson {
  /** How many platforms the message reached; it is written in each recipient's voice. */
  tell(accessUserId: string, message: (v: Voice) => Reply): Promise<number>;
}

export class PersonNotices implements TellPerson {
  readonly #links: LinkStore;
  readonly #log: Logger;
  readonly #voices: VoiceDefaults | undefined;
  readonly #notifiers = new Map<Platform, Notifier>();

  /** `voices`: DEFAULT_LOCALE and DEFAULT_TIME_ZONE, for people whose platform tells neither. */
  constructor(links: LinkStore, log: Logger, voices?: VoiceDefaults) {
    this.#links = links;
    this.#log = log;
    this.#voices = voices;
  }

  register(notifier: Notifier): void {
    this.#notifiers.set(notifier.platform, notifier);
  }

  async tell(accessUserId: string, message: (v: Voice) => Reply): Promise<number> {
    let reached = 0;
    for (const [platform, notifier] of this.#notifiers) {
      try {
        const links = await this.#links.listLinks(platform);
        for (const link of links.filter((l) => l.accessUserId === accessUserId)) {
          const to = { kind: 'user', chatUserId: link.chatUserId } as const;
          await notifier.post(to, message(await recipientVoice(notifier, to, this.#voices)));
          reached++;
        }
      } catch (error) {
        this.#log.warn({ err: error, platform }, 'could not tell a person about a change');
      }
    }
    return reached;
  }
}
