/**
 * `adaptiveCard/action` (Universal Actions). The invoke's answer is what the clicker sees at once;
 * the message itself is the outbox's to edit for everyone, except the clicker's own `tasks` list,
 * drawn again here. A refusal is said to the clicker and leaves the card as it was.
 */
import type { TurnContext } from 'botbuilder';
import type { Voice } from '../../src/core/i18n/voice.ts';
import type { ChatActor } from '../../src/core/identity.ts';
import { info, type Reply } from '../../src/core/reply.ts';
import { taskMessage } from '../../src/core/tasks/task-card.ts';
import { cardResponse, errorResponse, messageResponse } from './activity.ts';
import { onAppAction } from './apps.ts';
import { settleChange } from './changes.ts';
import type { InvokeBody, TeamsContext } from './context.ts';
import { type CardAction, parseCardAction } from './payloads.ts';
import { renderCard } from './render.ts';
import { replaceMessage } from './replace-message.ts';
import { submitRequestForm } from './request.ts';

export async function onCardAction(
  deps: TeamsContext,
  context: TurnContext,
  actor: ChatActor,
): Promise<InvokeBody> {
  const v = deps.bot.voiceOf(actor);
  const parsed = parseCardAction(context.activity.value, v);
  if (!parsed.ok) {
    deps.log.warn({ problem: parsed.problem }, 'refused a malformed Teams card action');
    return errorResponse(400, 'BadRequest', parsed.problem);
  }
  const { action } = parsed;
  switch (action.verb) {
    case 'approve':
    case 'decline':
      return decide(deps, context, actor, v, action);
    case 'approveAll': {
      const { reply, results } = await deps.bot.tasks.approveAll(actor, action.taskIds);
      for (const { result } of results) count(deps, 'approveAll', result.outcome);
      return relist(deps, context, actor, reply);
    }
    case 'looking': {
      // The card stays as it is; the clicker is told what the other approvers now see.
      const reply = await deps.bot.tasks.look(actor, action.taskId);
      count(deps, 'looking', reply.tone);
      return messageResponse(reply.summary);
    }
    case 'ask':
    case 'answer': {
      // The card stays; the outbox edits the cards and the question's message for everyone.
      const reply =
        action.verb === 'ask'
          ? await deps.bot.asks.ask(actor, action.taskId, action.text)
          : await deps.bot.asks.answer(actor, action.questionId, action.text);
      count(deps, action.verb, reply.tone);
      return messageResponse(reply.summary);
    }
    case 'refresh': {
      const view = await deps.bot.tasks.view(actor, action.taskId);
      // Teams keeps the card it has when the refresh fails.
      if (view.kind === 'failed')
        return errorResponse(503, 'ServiceUnavailable', view.reply.summary);
      const shown = view.kind === 'card' ? taskMessage(v, view.card) : view.reply;
      return cardResponse(renderCard(shown, { refreshFor: action.userIds }));
    }
    case 'confirmChange':
    case 'cancelChange':
      return settleChange(deps, context, actor, action);
    case 'reviewAll': {
      // The clicker's card becomes the batch's confirmation; nothing is decided yet.
      const reply = await deps.bot.reviews.clicked(actor, action.value, action.reason);
      count(deps, 'review_all', reply.tone);
      return cardResponse(renderCard(reply));
    }
    case 'requestApp':
    case 'appCard':
    case 'appField':
    case 'appPolicy':
    case 'appMark':
      return onAppAction(deps, actor, action);
    case 'request': {
      const outcome = await submitRequestForm(deps, actor, action.data);
      if ('again' in outcome) return cardResponse(outcome.again);
      const card = renderCard(outcome.done);
      // A confirmed request replaces the form, so it cannot be sent twice.
      if (outcome.done.tone === 'success') await replaceMessage(deps, context, card, outcome.done);
      return cardResponse(card);
    }
  }
}

async function decide(
  deps: TeamsContext,
  context: TurnContext,
  actor: ChatActor,
  v: Voice,
  action: Extract<CardAction, { verb: 'approve' | 'decline' }>,
): Promise<InvokeBody> {
  const reason = action.verb === 'decline' ? action.reason : undefined;
  const code = action.verb === 'approve' ? action.confirmation : undefined;
  const result = await deps.bot.tasks.decide(actor, action.taskId, action.verb, reason, code);
  count(deps, action.verb, result.outcome);
  // A sensitive approval: the clicker's card becomes its confirmation (with step-up, the link to
  // the passkey page, which the clicker alone sees); nothing is approved yet.
  const asks = result.confirm || result.reply.blocks.some((b) => b.kind === 'link');
  if (asks) return cardResponse(renderCard(result.reply, { view: action.view }));
  // Nothing changed: the card stays, the clicker is told why.
  if (!result.settled) return messageResponse(result.reply.summary);
  if (action.view === 'list') return relist(deps, context, actor, info(v, result.reply.summary));
  return cardResponse(renderCard(result.reply));
}

const count = (deps: TeamsContext, action: string, outcome: string) =>
  deps.metrics.actions.inc({ platform: 'teams', action, outcome });

/** Led by what just happened. */
async function relist(
  deps: TeamsContext,
  context: TurnContext,
  actor: ChatActor,
  lead: Reply,
): Promise<InvokeBody> {
  const { reply } = await deps.bot.tasks.list(actor);
  const listed: Reply = {
    ...reply,
    blocks: [
      ...(lead.title ? [{ kind: 'text' as const, text: lead.title }] : []),
      ...lead.blocks,
      ...reply.blocks,
    ],
    summary: `${lead.summary} ${reply.summary}`,
  };
  const card = renderCard(listed, { view: 'list' });
  await replaceMessage(deps, context, card, listed);
  return cardResponse(card);
}
