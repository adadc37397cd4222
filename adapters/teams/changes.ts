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
  const verb = action.verb === 'confirmChange' ? 'confirm' : 'cancel';
  const result = await deps.bot.changes.clicked(actor, action.changeId, verb);
  const { outcome } = result;
  deps.metrics.actions.inc({ platform: 'teams', action: `change_${verb}`, outcome });
  if (result.message.kind === 'keep') return messageResponse(result.reply.summary);
  const card = renderCard(result.message.reply);
  await replaceMessage(deps, context, card, result.message.reply);
  return cardResponse(card);
}
