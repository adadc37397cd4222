/**
 * Where proactive messages go: the Bot Framework conversation reference of each person who
 * installed the bot in personal scope, and of each team or group chat it was added to. Teams
 * gives a reference only when the bot is installed or spoken to, so the core keeps it — with the
 * person's language and time zone, which the poller writes to them in.
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

/**
 * A team channel's own id. A message there is in a reply chain, `19:…@thread.tacv2;messageid=…`;
 * Teams names the channel in `channelData.channel.id` (on a `channelCreated` event, the new one);
 * elsewhere (a group chat, a team event without it) the conversation id is the place.
 */
export function channelIdOf(activity: Partial<Activity>): string {
  const id = activity.conversation?.id ?? '';
  return teamsGetChannelId(activity as Activity) ?? id.split(';messageid=', 1)[0] ?? id;
}

/**
 * The reference an activity gives for proactive messages. A channel's names the channel itself,
 * so a post starts a new thread there rather than joining the chain of the message it was learnt
 * from (botbuilder's proactive turn never replies to the stored activity).
 */
export function referenceOf(activity: Partial<Activity>, inChannel: boolean): unknown {
  const reference = {
    ...TurnContext.getConversationReference(activity),
    localTimezone: activity.localTimezone,
  };
  if (!inChannel) return reference;
  return { ...reference, conversation: { ...reference.conversation, id: channelIdOf(activity) } };
}

/**
 * One call made in a proactive turn (`continueConversationAsync`). The call's own error is
 * carried out of the turn by hand: botbuilder hands errors thrown inside a turn to
 * `onTurnError` instead of rethrowing them to whoever started the turn.
 */
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
