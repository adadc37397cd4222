/**
 * Private answers to someone in a channel go to their 1:1 chat with the bot, created when no
 * reference is stored (which also gives the reference for later notifications).
 */
import { type Activity, type ConversationParameters, TurnContext } from 'botbuilder';
import type { Destination } from '../../src/core/notifier.ts';
import type { TeamsContext } from './context.ts';
import { ConversationRef, inConversation } from './references.ts';

/** The one Bot Connector operation used here, from botbuilder's `ConnectorClient`. */
interface Conversations {
  conversations: { createConversation(p: ConversationParameters): Promise<{ id: string }> };
}

/** False when Teams would not let us. */
export async function sendPrivately(
  deps: TeamsContext,
  context: TurnContext,
  chatUserId: string,
  activity: Partial<Activity>,
): Promise<boolean> {
  const to: Destination = { kind: 'user', chatUserId };
  try {
    const reference =
      (await deps.references.get(to)) ?? (await openPersonalChat(deps, context, to));
    await inConversation(deps.adapter, deps.appId, reference, (ctx) => ctx.sendActivity(activity));
    return true;
  } catch (error) {
    deps.log.warn({ err: error }, 'could not answer a Teams user in their personal chat');
    return false;
  }
}

async function openPersonalChat(
  deps: TeamsContext,
  context: TurnContext,
  to: Destination,
): Promise<ConversationRef> {
  const { activity } = context;
  const tenantId: string | undefined =
    activity.conversation.tenantId ?? activity.channelData?.tenant?.id;
  // The turn's own connector is already authenticated for this service URL.
  const connector: Conversations = context.turnState.get(context.adapter.ConnectorClientKey);
  const parameters: ConversationParameters = {
    isGroup: false,
    bot: activity.recipient,
    members: [activity.from],
    tenantId,
    channelData: tenantId ? { tenant: { id: tenantId } } : undefined,
  };
  const created = await connector.conversations.createConversation(parameters);
  const base = TurnContext.getConversationReference(activity);
  const reference = ConversationRef.parse({
    ...base,
    activityId: undefined,
    conversation: { id: created.id, conversationType: 'personal', tenantId, isGroup: false },
  });
  await deps.references.save(to, reference);
  return reference;
}
