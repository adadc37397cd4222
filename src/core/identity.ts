/**
 * Who a chat user is in the Access Service: matched once by e-mail address (case-insensitively)
 * and then remembered in the store, so later commands cost no lookup.
 */
import type { AccessClient } from '../access/client.ts';
import type { IdentityLink, LinkStore, Platform } from '../store/store.ts';
import { NotLinkedError } from './errors.ts';
import { inert } from './text.ts';

/** How long "you have no Access account" is answered from memory; after it, asked afresh. */
export const UNLINKED_FOR_MS = 60_000;
/** People remembered as unlinked, at most; the memory starts over past it. */
const UNLINKED_REMEMBERED = 10_000;

export interface ChatActor {
  platform: Platform;
  chatUserId: string;
  /** The e-mail on the chat profile; asked only when no link is stored yet. */
  email: () => Promise<string | undefined>;
}

export class Identity {
  readonly #client: AccessClient;
  readonly #store: LinkStore;
  readonly #now: () => Date;

  readonly #unlinked = new Map<string, { until: number; error: NotLinkedError }>();
  readonly #resolving = new Map<string, Promise<IdentityLink>>();

  constructor(client: AccessClient, store: LinkStore, now: () => Date) {
    this.#client = client;
    this.#store = store;
    this.#now = now;
  }

  /**
   * The actor's link; throws `NotLinkedError` with a message meant for the actor. Someone found
   * to have no Access account is told so again from memory for a minute, without another scan of
   * every user (a flood of commands costs one scan); concurrent look-ups of one person share one.
   */
  async resolve(actor: ChatActor): Promise<IdentityLink> {
    const known = await this.#store.getLink(actor.platform, actor.chatUserId);
    if (known) return known;
    const key = `${actor.platform}\u0000${actor.chatUserId}`;
    const refused = this.#unlinked.get(key);
    if (refused && refused.until > this.#now().getTime()) throw refused.error;
    const running = this.#resolving.get(key);
    if (running) return running;
    const lookup = this.#lookUp(actor).finally(() => this.#resolving.delete(key));
    this.#resolving.set(key, lookup);
    try {
      return await lookup;
    } catch (error) {
      if (error instanceof NotLinkedError) this.#remember(key, error);
      throw error;
    }
  }

  #remember(key: string, error: NotLinkedError): void {
    if (this.#unlinked.size >= UNLINKED_REMEMBERED) this.#unlinked.clear();
    this.#unlinked.set(key, { until: this.#now().getTime() + UNLINKED_FOR_MS, error });
  }

  async #lookUp(actor: ChatActor): Promise<IdentityLink> {
    const email = (await actor.email())?.trim().toLowerCase();
    if (!email) {
      throw new NotLinkedError(
        'no-email',
        "I can't see an e-mail address on your chat profile, so I can't tell who you are in the Access Service. Ask your admin to check that accessbot may read e-mail addresses.",
      );
    }
    for await (const user of this.#client.listUsers()) {
      if (user.email?.trim().toLowerCase() !== email) continue;
      const link: IdentityLink = {
        platform: actor.platform,
        chatUserId: actor.chatUserId,
        accessUserId: user.id,
        email,
        displayName: user.displayName ?? null,
        linkedAt: this.#now(),
      };
      await this.#store.saveLink(link);
      return link;
    }
    throw new NotLinkedError(
      'no-match',
      `Your chat e-mail address (${inert(email)}) does not belong to any user of the Access Service, so I can't act for you. Ask your access admin to add it, then try again in a minute.`,
    );
  }
}
