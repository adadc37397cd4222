/**
 * Who a chat user is in the Access Service: matched by e-mail and stored, rechecked against the
 * chat profile after `RECHECK_AFTER_MS` so links follow people. Read from the store on every
 * command, so a change by another process (the directory sync) is seen at once.
 */
import type { AccessClient } from '../access/client.ts';
import type { IdentityLink, LinkStore, Platform } from '../store/store.ts';
import { timedCache } from './cache.ts';
import { NotLinkedError, ProfileUnavailableError } from './errors.ts';
import { PlatformUnavailableError } from './notifier.ts';

/** How long "you have no Access account" is answered from memory. */
export const UNLINKED_FOR_MS = 60_000;
export const RECHECK_AFTER_MS = 60 * 60_000;
const UNLINKED_REMEMBERED = 10_000;

export interface ChatActor {
  platform: Platform;
  chatUserId: string;
  /** Asked only when needed; throws `PlatformUnavailableError` when the platform did not answer. */
  email: () => Promise<string | undefined>;
  /** BCP 47; unset: DEFAULT_LOCALE. */
  locale?: string;
  /** IANA; unset: DEFAULT_TIME_ZONE. */
  timeZone?: string;
}

export const nameOf = (link: IdentityLink) => link.displayName ?? link.email;

export class Identity {
  readonly #client: AccessClient;
  readonly #store: LinkStore;
  readonly #now: () => Date;
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
   * Throws `NotLinkedError`. "No account" is remembered for a minute, so a flood of commands costs
   * one scan of every user; concurrent look-ups of one person share one.
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

async function emailOf(actor: ChatActor): Promise<string | undefined> {
  try {
    return (await actor.email())?.trim().toLowerCase();
  } catch (error) {
    if (error instanceof PlatformUnavailableError)
      throw new ProfileUnavailableError({ cause: error });
    throw error;
  }
}
