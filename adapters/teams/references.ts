/**
 * Where proactive messages go: the Bot Framework conversation reference of each person who
 * installed the bot in personal scope, and of each team or group chat it was added to. Teams
 * gives a reference only when the bot is installed or spoken to, so it must be kept.
 */
import { z } from 'zod';
import type { Destination } from '../../src/core/notifier.ts';

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

const keyOf = (to: Destination) =>
  to.kind === 'user' ? `user:${to.chatUserId}` : `channel:${to.channelId}`;

/**
 * References kept in memory: enough for one replica until the store has a table for them.
 * A restart forgets them, and a person is reachable again once they write to the bot.
 */
export class InMemoryConversationReferences implements ConversationReferences {
  readonly #refs = new Map<string, ConversationRef>();

  async save(to: Destination, ref: ConversationRef): Promise<void> {
    this.#refs.set(keyOf(to), ConversationRef.parse(ref));
  }

  async get(to: Destination): Promise<ConversationRef | undefined> {
    return this.#refs.get(keyOf(to));
  }

  async remove(to: Destination): Promise<void> {
    this.#refs.delete(keyOf(to));
  }
}
