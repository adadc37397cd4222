/**
 * Confirm and Cancel on a group change's card. The core checks the clicker asked for it and
 * claims it before changing anything; a refusal leaves the card as it was.
 */
import type { TurnContext } from 'botbuilder';
import type { ChatActor } from '../../src/core/identity.ts';
import { cardResponse, messageResponse } from './activity.ts';
import type { InvokeBody, TeamsContext } from './context.ts';
import type { CardAction } from './payloads.ts';
import { renderCard } from './render.ts';
import { replaceMessage } from './replace-message.ts';

export async function settleChange(
  deps: TeamsContext,
  context: TurnContext,
  actor: ChatActor,
  action: Extract<CardAction, { verb: 'confirmChange' | 'cancelChange' }>,
): Promise<InvokeBody> {
  const result =
    action.verb === 'confirmChange'
      ? await deps.bot.changes.confirm(actor, action.changeId)
      : await deps.bot.changes.cancel(actor, action.changeId);
  const counted = action.verb === 'confirmChange' ? 'change_confirm' : 'change_cancel';
  deps.metrics.actions.inc({ platform: 'teams', action: counted, outcome: result.outcome });
  if (result.message.kind === 'keep') return messageResponse(result.reply.summary);
  const card = renderCard(result.message.reply);
  await replaceMessage(deps, context, card, result.message.reply);
  return cardResponse(card);
}
