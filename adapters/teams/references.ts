/**
 * Where proactive messages go. Teams gives a conversation reference only when the bot is installed
 * or spoken to, so it is kept, with the person's language and time zone for the poller.
 */
import {
  type Activity,
  type CloudAdapter,
  type ConversationReference,
  TurnContext,
  teamsGetChannelId,
} from 'botbuilder';
import { z } from 'zod';
import type { Conversations } from '../../src/core/conversations.ts';

export const ConversationRef = z.looseObject({
  channelId: z.string().min(1),
  serviceUrl: z.url(),
  conversation: z.looseObject({ id: z.string().min(1) }),
  bot: z.looseObject({ id: z.string() }),
  user: z.looseObject({ id: z.string() }).optional(),
  /** As the person's last activity gave them. */
  locale: z.string().optional(),
  localTimezone: z.string().optional(),
});
export type ConversationRef = z.infer<typeof ConversationRef>;

export type ConversationReferences = Conversations<ConversationRef>;

/**
 * A team channel's own id: a message there is in a reply chain, `19:…@thread.tacv2;messageid=…`.
 * Elsewhere (a group chat, a team event without a channel) the conversation is the place.
 */
export function channelIdOf(activity: Partial<Activity>): string {
  const id = activity.conversation?.id ?? '';
  return teamsGetChannelId(activity as Activity) ?? id.split(';messageid=', 1)[0] ?? id;
}

/** A channel's reference names the channel itself, so a post starts a new thread there. */
export function referenceOf(activity: Partial<Activity>, inChannel: boolean): unknown {
  const reference = {
    ...TurnContext.getConversationReference(activity),
    localTimezone: activity.localTimezone,
  };
  if (!inChannel) return reference;
  return { ...reference, conversation: { ...reference.conversation, id: channelIdOf(activity) } };
}

/** Carried out of the proactive turn by hand: botbuilder hands a turn's errors to `onTurnError`. */
type Outcome<T> = { ok: true; value: T } | { ok: false; error: unknown };

export async function inConversation<T>(
  adapter: CloudAdapter,
  appId: string,
  reference: ConversationRef,
  call: (context: TurnContext) => Promise<T>,
): Promise<T> {
  let outcome = { ok: false, error: new Error('the proactive turn did not run') } as Outcome<T>;
  // The schema checked what a send needs; botbuilder's typings also list display-only fields.
  const ref = reference as unknown as Partial<ConversationReference>;
  await adapter.continueConversationAsync(appId, ref, async (context) => {
    try {
      outcome = { ok: true, value: await call(context) };
    } catch (error) {
      outcome = { ok: false, error };
    }
  });
  if (!outcome.ok) throw outcome.error;
  return outcome.value;
}
