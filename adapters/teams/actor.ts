/**
 * Who is speaking, for the core: the Teams user id (`29:…`, stable for this bot) and, only when
 * the core has no link yet, their e-mail from the Teams roster (`TeamsInfo.getMember`: the
 * `email`, else the `userPrincipalName`, which is the sign-in address in most tenants).
 */
import { TeamsInfo, type TurnContext } from 'botbuilder';
import type { ChatActor } from '../../src/core/identity.ts';
import type { Logger } from '../../src/log.ts';

/** The speaker, or (`userId`) someone they mentioned, looked up in the same conversation. */
export function actorOf(
  context: TurnContext,
  log: Logger,
  userId = context.activity.from.id,
): ChatActor {
  return {
    platform: 'teams',
    chatUserId: userId,
    email: async () => {
      try {
        const member = await TeamsInfo.getMember(context, userId);
        return member.email || member.userPrincipalName || undefined;
      } catch (error) {
        // The core then tells the person it cannot see their address; the operator gets why.
        log.warn({ err: error }, 'could not read the Teams member profile');
        return undefined;
      }
    },
  };
}
