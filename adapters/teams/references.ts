/**
 * Where proactive messages go: the Bot Framework conversation reference of each person who
 * installed the bot in personal scope, and of each team or group chat it was added to. Teams
 * gives a reference only when the bot is installed or spoken to, so it must be kept.
 */
import { z } from 'zod';
import type { Conversations } from '../../src/core/conversations.ts';
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

/**
 * References kept through the bot, so a restart or another replica can still reach everyone who
 * installed it.
 */
export class KeptConversationReferences implements ConversationReferences {
  readonly #kept: Conversations;

  constructor(kept: Conversations) {
    this.#kept = kept;
  }

  async save(to: Destination, ref: ConversationRef): Promise<void> {
    await this.#kept.save(to, ConversationRef.parse(ref));
  }

  async get(to: Destination): Promise<ConversationRef | undefined> {
    // A row that no longer parses is as good as none: the next message from there replaces it.
    const parsed = ConversationRef.safeParse(await this.#kept.get(to));
    return parsed.success ? parsed.data : undefined;
  }

  async remove(to: Destination): Promise<void> {
    await this.#kept.remove(to);
  }
}
