/** Updating the message a card action came from, for everyone who sees it. */
import type { TurnContext } from 'botbuilder';
import type { Reply } from '../../src/core/reply.ts';
import { cardActivity } from './activity.ts';
import type { TeamsContext } from './context.ts';
import type { CardJson } from './render.ts';

export async function replaceMessage(
  deps: TeamsContext,
  context: TurnContext,
  card: CardJson,
  reply: Reply,
): Promise<void> {
  const id = context.activity.replyToId;
  if (!id) return;
  try {
    await context.updateActivity({ ...cardActivity(card, reply.summary), id });
  } catch (error) {
    // The clicker still gets the new card in the invoke response; others see it on refresh.
    deps.log.warn({ err: error }, 'could not update the Teams message after a card action');
  }
}
