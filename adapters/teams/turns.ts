/**
 * One inbound Bot Framework activity → the right handler: messages, the two invokes we serve
 * (`adaptiveCard/action`, `application/search`), and the installation events that give us the
 * conversation references for proactive messages. Invokes always get an answer: a failure
 * becomes an error response, never a timeout. A message or invoke from someone the activity
 * names no Azure AD account for is answered with that, and nothing else is done.
 */
import { ActivityTypes, TurnContext } from 'botbuilder';
import type { ChatActor } from '../../src/core/identity.ts';
import type { Destination } from '../../src/core/notifier.ts';
import { warning } from '../../src/core/reply.ts';
import { replyForError } from '../../src/core/service-errors.ts';
import { answerInvoke, errorResponse, messageActivity } from './activity.ts';
import { actorOf, personKey, speakerOf, type TeamsPerson } from './actor.ts';
import { onMessage } from './commands.ts';
import type { InvokeBody, TeamsContext } from './context.ts';
import { onCardAction } from './decisions.ts';
import { ConversationRef } from './references.ts';
import { onSearch } from './request.ts';

export function turnHandler(deps: TeamsContext) {
  return async (context: TurnContext): Promise<void> => {
    const { activity } = context;
    const speaker = speakerOf(activity);
    // Nobody known yet: the activity's own language still says how to speak to them.
    const unknown = () => {
      const v = deps.bot.voiceOf({ locale: activity.locale, timeZone: activity.localTimezone });
      return warning(v, v.t('teams.unknownSpeaker'));
    };
    switch (activity.type) {
      case ActivityTypes.Message:
        // A message with no text (a file, a legacy card submit) is not a command.
        if (typeof activity.text !== 'string') return;
        if (!speaker) return void (await context.sendActivity(messageActivity(unknown())));
        await remember(deps, context, speaker, { ifUnknown: true });
        return onMessage(deps, context, speaker, actorOf(deps, context, speaker));
      case ActivityTypes.Invoke:
        if (!speaker) {
          return answerInvoke(context, errorResponse(403, 'Forbidden', unknown().summary));
        }
        await remember(deps, context, speaker, { ifUnknown: true });
        return answerInvoke(context, await invoke(deps, context, actorOf(deps, context, speaker)));
      case ActivityTypes.InstallationUpdate:
        if (activity.action?.startsWith('remove')) return forget(deps, context, speaker);
        return installed(deps, context, speaker);
      case ActivityTypes.ConversationUpdate:
        if (activity.membersAdded?.some((m) => m.id === activity.recipient.id)) {
          return installed(deps, context, speaker);
        }
        if (activity.membersRemoved?.some((m) => m.id === activity.recipient.id)) {
          return forget(deps, context, speaker);
        }
        return;
      default:
        return;
    }
  };
}

async function invoke(
  deps: TeamsContext,
  context: TurnContext,
  actor: ChatActor,
): Promise<InvokeBody> {
  try {
    switch (context.activity.name) {
      case 'adaptiveCard/action':
        return await onCardAction(deps, context, actor);
      case 'application/search':
        return await onSearch(deps, actor, context.activity.value);
      default: {
        const v = deps.bot.voiceOf(actor);
        return errorResponse(501, 'NotImplemented', v.t('teams.unknownInvoke'));
      }
    }
  } catch (error) {
    const reply = replyForError(deps.bot.voiceOf(actor), error, deps.log);
    return errorResponse(503, 'ServiceUnavailable', reply.summary);
  }
}

/**
 * A personal chat is keyed by its person, a team or group chat by its conversation; undefined
 * for a personal chat with someone the activity names no account for.
 */
function destinationOf(context: TurnContext, speaker?: TeamsPerson): Destination | undefined {
  const { conversation } = context.activity;
  if ((conversation.conversationType ?? 'personal') !== 'personal') {
    return { kind: 'channel', channelId: conversation.id };
  }
  return speaker && { kind: 'user', chatUserId: personKey(speaker) };
}

async function remember(
  deps: TeamsContext,
  context: TurnContext,
  speaker: TeamsPerson | undefined,
  options: { ifUnknown: boolean },
): Promise<void> {
  const to = destinationOf(context, speaker);
  if (!to) return;
  const { locale, localTimezone } = context.activity;
  const known = options.ifUnknown ? await deps.references.get(to) : undefined;
  if (known) {
    // The person may have changed their language or travelled: what the poller writes follows.
    // A channel speaks DEFAULT_LOCALE, whoever wrote last.
    const same = known.locale === locale && known.localTimezone === localTimezone;
    if (to.kind === 'channel' || same) return;
    await deps.references.save(to, { ...known, locale, localTimezone });
    return;
  }
  const reference = { ...TurnContext.getConversationReference(context.activity), localTimezone };
  const parsed = ConversationRef.safeParse(reference);
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
async function installed(
  deps: TeamsContext,
  context: TurnContext,
  speaker: TeamsPerson | undefined,
): Promise<void> {
  await remember(deps, context, speaker, { ifUnknown: false });
  if (!speaker || destinationOf(context, speaker)?.kind !== 'user') return;
  // Not an Access user (or the service is down): their first command says so in words.
  await deps.bot.link(actorOf(deps, context, speaker));
}

async function forget(
  deps: TeamsContext,
  context: TurnContext,
  speaker: TeamsPerson | undefined,
): Promise<void> {
  const to = destinationOf(context, speaker);
  if (!to) return;
  await deps.references.remove(to);
  deps.log.info('Teams conversation reference dropped: accessbot was removed');
}
