/**
 * Where a platform can reach people and channels later (Teams gives it only on install or when
 * spoken to), kept in the store so restarts and other replicas can still message them.
 */
import type { z } from 'zod';
import type { ConversationRefStore, JsonObject, Platform } from '../store/store.ts';
import { type Destination, destinationKey } from './notifier.ts';

export class Conversations<Ref extends JsonObject> {
  readonly #store: ConversationRefStore;
  readonly #platform: Platform;
  readonly #schema: z.ZodType<Ref>;

  constructor(store: ConversationRefStore, platform: Platform, schema: z.ZodType<Ref>) {
    this.#store = store;
    this.#platform = platform;
    this.#schema = schema;
  }

  async save(to: Destination, ref: Ref): Promise<void> {
    await this.#store.saveConversationRef(
      this.#platform,
      destinationKey(to),
      this.#schema.parse(ref),
    );
  }

  async get(to: Destination): Promise<Ref | undefined> {
    // A row that no longer parses is as good as none: the next message from there replaces it.
    const parsed = this.#schema.safeParse(
      await this.#store.getConversationRef(this.#platform, destinationKey(to)),
    );
    return parsed.success ? parsed.data : undefined;
  }

  remove(to: Destination): Promise<void> {
    return this.#store.deleteConversationRef(this.#platform, destinationKey(to));
  }
}
