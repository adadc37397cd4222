/**
 * The "tell this person" port: a short direct message to an Access user on every platform where
 * they are linked, through that platform's notifier. The composition root registers each
 * platform's notifier once it has started (the bot exists before the platforms do). Best effort,
 * once: a person who cannot be reached is logged, and the change they are told about stands.
 */
import type { Logger } from '../log.ts';
import type { LinkStore, Platform } from '../store/store.ts';
import type { Notifier } from './notifier.ts';
import type { Reply } from './reply.ts';

export interface TellPerson {
  /** How many platforms the message reached. */
  tell(accessUserId: string, message: Reply): Promise<number>;
}

export class PersonNotices implements TellPerson {
  readonly #links: LinkStore;
  readonly #log: Logger;
  readonly #notifiers = new Map<Platform, Notifier>();

  constructor(links: LinkStore, log: Logger) {
    this.#links = links;
    this.#log = log;
  }

  register(notifier: Notifier): void {
    this.#notifiers.set(notifier.platform, notifier);
  }

  async tell(accessUserId: string, message: Reply): Promise<number> {
    let reached = 0;
    for (const [platform, notifier] of this.#notifiers) {
      try {
        const links = await this.#links.listLinks(platform);
        for (const link of links.filter((l) => l.accessUserId === accessUserId)) {
          await notifier.post({ kind: 'user', chatUserId: link.chatUserId }, message);
          reached++;
        }
      } catch (error) {
        this.#log.warn({ err: error, platform }, 'could not tell a person about a change');
      }
    }
    return reached;
  }
}
