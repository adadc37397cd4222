/**
 * Where proactive messages go: the Bot Framework conversation reference of each person who
 * installed the bot in personal scope, and of each team or group chat it was added to. Teams
 * gives a reference only when the bot is installed or spoken to, so it must be kept.
 */
import { z } from 'zod';
import type { Destination } from '../../src/core/notifier.ts';
import type { Store } from '../../src/store/store.ts';

/** The parts of a Bot Framework `ConversationReference` a proactive send needs. */
export const ConversationRef = z.looseObject({
  channelId: z.string().min(1),
  serviceUrl: z.url(),
  conversation: z.looseObject({ id: z.string().min(1) }),
  bot: z.looseObject({ id: z.string() }),
  user: z.looseObject({ id: z.string() }).optional(),
});
export type ConversationRef = z.infer<typeof ConversationRef>;

export interface ConversationReferences {
  save(to: Destination, ref: ConversationRef): Promise<void>;
  get(to: Destination): Promise<ConversationRef | undefined>;
  /** After the bot was removed or uninstalled: nothing more can be sent there. */
  remove(to: Destination): Promise<void>;
}

/** Personal chats by user, team and group chats by conversation, in one key space. */
const keyOf = (to: Destination) =>
  to.kind === 'user' ? `user:${to.chatUserId}` : `channel:${to.channelId}`;

/**
 * References kept in the store, so a restart or another replica can still reach everyone who
 * installed the bot.
 */
export class StoreConversationReferences implements ConversationReferences {
  readonly #store: Store;

  constructor(store: Store) {
    this.#store = store;
  }

  async save(to: Destination, ref: ConversationRef): Promise<void> {
    await this.#store.saveConversationRef('teams', keyOf(to), ConversationRef.parse(ref));
  }

  async get(to: Destination): Promise<ConversationRef | undefined> {
    const stored = await this.#store.getConversationRef('teams', keyOf(to));
    // A row that no longer parses is as good as none: the next message from there replaces it.
    const parsed = ConversationRef.safeParse(stored);
    return parsed.success ? parsed.data : undefined;
  }

  async remove(to: Destination): Promise<void> {
    await this.#store.deleteConversationRef('teams', keyOf(to));
  }
}
