/**
 * One inbound Bot Framework activity → its handler; installation events give the conversation
 * references for proactive messages. Invokes always get an answer: a failure becomes an error
 * response, never a timeout.
 */
import { ActivityTypes, type TurnContext } from 'botbuilder';
import type { ChatActor } from '../../src/core/identity.ts';
import type { Destination } from '../../src/core/notifier.ts';
import { type Reply, warning } from '../../src/core/reply.ts';
import { replyForError } from '../../src/core/service-errors.ts';
import { answerInvoke, errorResponse, messageActivity } from './activity.ts';
import { actorOf, checkSpeaker, personKey, speakerOf, type TeamsPerson } from './actor.ts';
import { onMessage } from './commands.ts';
import type { InvokeBody, TeamsContext } from './context.ts';
import { onCardAction } from './decisions.ts';
import { ConversationRef, channelIdOf, referenceOf } from './references.ts';
import { onSearch } from './request.ts';

export function turnHandler(deps: TeamsContext) {
  return async (context: TurnContext): Promise<void> => {
    const { activity } = context;
    const speaker = speakerOf(activity);
    switch (activity.type) {
      case ActivityTypes.Message: {
        // A message with no text (a file, a legacy card submit) is not a command.
        if (typeof activity.text !== 'string') return;
        const who = await speaking(deps, context, speaker);
        if ('refused' in who)
          return void (await context.sendActivity(messageActivity(who.refused)));
        return onMessage(deps, context, who.speaker, who.actor);
      }
      case ActivityTypes.Invoke: {
        const who = await speaking(deps, context, speaker);
        if ('refused' in who) {
          const { summary } = who.refused;
          const refusal = who.unknown
            ? errorResponse(403, 'Forbidden', summary)
            : errorResponse(503, 'ServiceUnavailable', summary);
          return answerInvoke(context, refusal);
        }
        return answerInvoke(context, await invoke(deps, context, who.actor));
      }
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
        return teamEvent(deps, context);
      default:
        return;
    }
  };
}

type Speaking = { speaker: TeamsPerson; actor: ChatActor } | { refused: Reply; unknown: boolean };

/**
 * The activity's Azure AD object, when its `29:` id is that object (actor.ts); else the refusal,
 * in the activity's own language, as nobody is known yet.
 */
async function speaking(
  deps: TeamsContext,
  context: TurnContext,
  speaker: TeamsPerson | undefined,
): Promise<Speaking> {
  const { locale, localTimezone } = context.activity;
  const v = deps.bot.voiceOf({ locale, timeZone: localTimezone });
  const unknown = { refused: warning(v, v.t('teams.unknownSpeaker')), unknown: true };
  if (!speaker) return unknown;
  try {
    const { same, fresh } = await checkSpeaker(deps, context, speaker);
    if (!same) return unknown;
    await remember(deps, context, speaker, { ifUnknown: true });
    return { speaker, actor: actorOf(deps, context, speaker, fresh) };
  } catch (error) {
    return { refused: replyForError(v, error, deps.log), unknown: false };
  }
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

/** A personal chat is keyed by its person, a team or group chat by its conversation. */
function destinationOf(context: TurnContext, speaker?: TeamsPerson): Destination | undefined {
  const { conversation } = context.activity;
  if ((conversation.conversationType ?? 'personal') !== 'personal') {
    return { kind: 'channel', channelId: channelIdOf(context.activity) };
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
  const parsed = ConversationRef.safeParse(referenceOf(context.activity, to.kind === 'channel'));
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

/** A personal chat's person is linked at once, so their tasks arrive before any command. */
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

/** Any other team event names a channel: reachable from then on, forgotten once deleted. */
async function teamEvent(deps: TeamsContext, context: TurnContext): Promise<void> {
  if (destinationOf(context)?.kind !== 'channel') return;
  if (context.activity.channelData?.eventType === 'channelDeleted') return forget(deps, context);
  await remember(deps, context, undefined, { ifUnknown: false });
}

async function forget(
  deps: TeamsContext,
  context: TurnContext,
  speaker?: TeamsPerson,
): Promise<void> {
  const to = destinationOf(context, speaker);
  if (!to) return;
  await deps.references.remove(to);
  deps.log.info('Teams conversation reference dropped: accessbot was removed');
}
