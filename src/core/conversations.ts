/**
 * Where a platform can reach people and channels later (Teams: the conversation reference it
 * gives only when the bot is installed or spoken to), kept in the store so that restarts and
 * other replicas can still message them.
 */
import type { ConversationRefStore, JsonObject, Platform } from '../store/store.ts';
import type { Destination } from './notifier.ts';

/** Personal chats by user, channels and group chats by conversation, in one key space. */
const keyOf = (to: Destination) =>
  to.kind === 'user' ? `user:${to.chatUserId}` : `channel:${to.channelId}`;

export class Conversations {
  readonly #store: ConversationRefStore;
  readonly #platform: Platform;

  constructor(store: ConversationRefStore, platform: Platform) {
    this.#store = store;
    this.#platform = platform;
  }

  save(to: Destination, ref: JsonObject): Promise<void> {
    return this.#store.saveConversationRef(this.#platform, keyOf(to), ref);
  }

  get(to: Destination): Promise<JsonObject | undefined> {
    return this.#store.getConversationRef(this.#platform, keyOf(to));
  }

  /** After the bot was removed: nothing more can be sent there. */
  remove(to: Destination): Promise<void> {
    return this.#store.deleteConversationRef(this.#platform, keyOf(to));
  }
}
