/**
 * One inbound Bot Framework activity → the right handler: messages, the two invokes we serve
 * (`adaptiveCard/action`, `application/search`), and the installation events that give us the
 * conversation references for proactive messages. Invokes always get an answer: a failure
 * becomes an error response, never a timeout.
 */
import { ActivityTypes, TurnContext } from 'botbuilder';
import type { Destination } from '../../src/core/notifier.ts';
import { replyForError } from '../../src/core/service-errors.ts';
import { answerInvoke, errorResponse } from './activity.ts';
import { actorOf } from './actor.ts';
import { onMessage } from './commands.ts';
import type { InvokeBody, TeamsContext } from './context.ts';
import { onCardAction } from './decisions.ts';
import { ConversationRef } from './references.ts';
import { onSearch } from './request.ts';

export function turnHandler(deps: TeamsContext) {
  return async (context: TurnContext): Promise<void> => {
    const { activity } = context;
    switch (activity.type) {
      case ActivityTypes.Message:
        await remember(deps, context, { ifUnknown: true });
        return onMessage(deps, context);
      case ActivityTypes.Invoke:
        await remember(deps, context, { ifUnknown: true });
        return answerInvoke(context, await invoke(deps, context));
      case ActivityTypes.InstallationUpdate:
        if (activity.action?.startsWith('remove')) return forget(deps, context);
        return installed(deps, context);
      case ActivityTypes.ConversationUpdate:
        if (activity.membersAdded?.some((m) => m.id === activity.recipient.id)) {
          return installed(deps, context);
        }
        if (activity.membersRemoved?.some((m) => m.id === activity.recipient.id)) {
          return forget(deps, context);
        }
        return;
      default:
        return;
    }
  };
}

async function invoke(deps: TeamsContext, context: TurnContext): Promise<InvokeBody> {
  try {
    switch (context.activity.name) {
      case 'adaptiveCard/action':
        return await onCardAction(deps, context);
      case 'application/search':
        return await onSearch(deps, actorOf(context, deps.log), context.activity.value);
      default:
        return errorResponse(501, 'NotImplemented', 'accessbot does not handle this invoke.');
    }
  } catch (error) {
    const reply = replyForError(error, deps.log);
    return errorResponse(503, 'ServiceUnavailable', reply.summary);
  }
}

/** A personal chat is keyed by its user, a team or group chat by its conversation. */
function destinationOf(context: TurnContext): Destination {
  const { conversation, from } = context.activity;
  return (conversation.conversationType ?? 'personal') === 'personal'
    ? { kind: 'user', chatUserId: from.id }
    : { kind: 'channel', channelId: conversation.id };
}

async function remember(
  deps: TeamsContext,
  context: TurnContext,
  options: { ifUnknown: boolean },
): Promise<void> {
  const to = destinationOf(context);
  if (options.ifUnknown && (await deps.references.get(to))) return;
  const parsed = ConversationRef.safeParse(TurnContext.getConversationReference(context.activity));
  if (!parsed.success) {
    deps.log.warn(
      { issues: parsed.error.issues.length },
      'Teams activity without a usable conversation reference',
    );
    return;
  }
  await deps.references.save(to, parsed.data);
  if (!options.ifUnknown)
    deps.log.info({ destination: to.kind }, 'Teams conversation reference stored');
}

/**
 * Installed in a chat: keep its reference and, in a personal chat, link the person right away,
 * so the poller starts delivering their tasks before they ever type a command.
 */
async function installed(deps: TeamsContext, context: TurnContext): Promise<void> {
  await remember(deps, context, { ifUnknown: false });
  if (destinationOf(context).kind !== 'user') return;
  // Not an Access user (or the service is down): their first command says so in words.
  await deps.bot.link(actorOf(context, deps.log));
}

async function forget(deps: TeamsContext, context: TurnContext): Promise<void> {
  await deps.references.remove(destinationOf(context));
  deps.log.info('Teams conversation reference dropped: accessbot was removed');
}
