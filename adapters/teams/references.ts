/**
 * Where proactive messages go: the Bot Framework conversation reference of each person who
 * installed the bot in personal scope, and of each team or group chat it was added to. Teams
 * gives a reference only when the bot is installed or spoken to, so the core keeps it — with the
 * person's language and time zone, which the poller writes to them in.
 */
import { z } from 'zod';
import type { Conversations } from '../../src/core/conversations.ts';

/** The parts of a Bot Framework `ConversationReference` a proactive send needs. */
export const ConversationRef = z.looseObject({
  channelId: z.string().min(1),
  serviceUrl: z.url(),
  conversation: z.looseObject({ id: z.string().min(1) }),
  bot: z.looseObject({ id: z.string() }),
  user: z.looseObject({ id: z.string() }).optional(),
  /** The person's language (BCP 47) and IANA zone, as their last activity gave them. */
  locale: z.string().optional(),
  localTimezone: z.string().optional(),
});
export type ConversationRef = z.infer<typeof ConversationRef>;

export type ConversationReferences = Conversations<ConversationRef>;
