/**
 * Who a chat user is in the Access Service: matched by e-mail address (case-insensitively) and
 * remembered in the store, so later commands cost no lookup — until the link is older than
 * `RECHECK_AFTER_MS`: then the chat profile is read again, and a link whose account now shows
 * another address, or none, is dropped and the account looked up afresh (links follow people).
 * When the platform does not answer that lookup, nobody is acted for until it does. Links are
 * read from the store on every command, so one another process changed (the directory sync) is
 * seen at once.
 */
import type { AccessClient } from '../access/client.ts';
import type { IdentityLink, LinkStore, Platform } from '../store/store.ts';
import { timedCache } from './cache.ts';
import { NotLinkedError, ProfileUnavailableError } from './errors.ts';
import { PlatformUnavailableError } from './notifier.ts';

/** How long "you have no Access account" is answered from memory; after it, asked afresh. */
export const UNLINKED_FOR_MS = 60_000;
/** How long a link is trusted before the chat profile's address is read again. */
export const RECHECK_AFTER_MS = 60 * 60_000;
/** People remembered as unlinked, at most; the least recently asked are forgotten first. */
const UNLINKED_REMEMBERED = 10_000;

export interface ChatActor {
  platform: Platform;
  chatUserId: string;
  /**
   * The e-mail on the chat profile; asked when no link is stored, or it is due a recheck.
   * Undefined when the profile shows none; `PlatformUnavailableError` when the platform did not
   * answer.
   */
  email: () => Promise<string | undefined>;
  /** The language the platform says the person uses (a BCP 47 tag); unset: DEFAULT_LOCALE. */
  locale?: string;
  /** Their IANA time zone; unset: DEFAULT_TIME_ZONE. */
  timeZone?: string;
}

/** A linked person's name, as cards and messages show who acted. */
export const nameOf = (link: IdentityLink) => link.displayName ?? link.email;

export class Identity {
  readonly #client: AccessClient;
  readonly #store: LinkStore;
  readonly #now: () => Date;
  /** Look-ups by platform and chat user: a link found, or why there is none. */
  readonly #lookups;

  constructor(client: AccessClient, store: LinkStore, now: () => Date) {
    this.#client = client;
    this.#store = store;
    this.#now = now;
    this.#lookups = timedCache({
      ttl: UNLINKED_FOR_MS,
      max: UNLINKED_REMEMBERED,
      now: () => now().getTime(),
      load: (_key: string, actor: ChatActor) => this.#lookUp(actor),
    });
  }

  /**
   * The actor's link; throws `NotLinkedError`, which the actor is told in words. Someone found
   * to have no Access account is told so again from memory for a minute, without another scan of
   * every user (a flood of commands costs one scan); concurrent look-ups of one person share one.
   */
  async resolve(actor: ChatActor): Promise<IdentityLink> {
    const key = `${actor.platform}\u0000${actor.chatUserId}`;
    const known = await this.#store.getLink(actor.platform, actor.chatUserId);
    const now = this.#now();
    if (known && now.getTime() - known.linkedAt.getTime() < RECHECK_AFTER_MS) return known;
    if (known) {
      if ((await emailOf(actor)) === known.email) {
        const checked = { ...known, linkedAt: now };
        await this.#store.saveLink(checked);
        return checked;
      }
      await this.#store.deleteLink(actor.platform, actor.chatUserId);
    }
    const found = await this.#lookups.forceFetch(key, { context: actor });
    if (found instanceof NotLinkedError) throw found;
    // The store keeps the link from now on.
    this.#lookups.delete(key);
    return found;
  }

  async #lookUp(actor: ChatActor): Promise<IdentityLink | NotLinkedError> {
    const email = await emailOf(actor);
    if (!email) {
      return new NotLinkedError('IDENTITY_NO_EMAIL');
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
    return new NotLinkedError('IDENTITY_NO_MATCH', email);
  }
}

/** The profile's address, normalised; a platform that did not answer is told as such. */
async function emailOf(actor: ChatActor): Promise<string | undefined> {
  try {
    return (await actor.email())?.trim().toLowerCase();
  } catch (error) {
    if (error instanceof PlatformUnavailableError)
      throw new ProfileUnavailableError({ cause: error });
    throw error;
  }
}
