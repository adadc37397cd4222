/**
 * Core replies as Bot Framework activities, and invoke response bodies. Text alone goes as plain
 * text (Teams reads no markdown in it); anything more as an Adaptive Card with the summary as
 * its fallback.
 */
import { type Activity, ActivityTypes, type TurnContext } from 'botbuilder';
import type { Reply } from '../../src/core/reply.ts';
import { clean, cut } from '../../src/core/text.ts';
import type { InvokeBody } from './context.ts';
import { CARD_CONTENT_TYPE, type CardJson, type RenderOptions, renderCard } from './render.ts';

/** A summary is a notification's preview: short, and it keeps the card within its message. */
const MAX_SUMMARY = 500;
/** A text-only answer (long ones are lists of names) within Teams' message size. */
const MAX_TEXT = 8000;

function isPlainText(reply: Reply): boolean {
  return !reply.title && reply.blocks.every((b) => b.kind === 'text');
}

export function messageActivity(reply: Reply, options: RenderOptions = {}): Partial<Activity> {
  if (isPlainText(reply)) {
    const text = reply.blocks.map((b) => (b.kind === 'text' ? clean(b.text) : '')).join('\n\n');
    return { type: 'message', text: cut(text, MAX_TEXT), textFormat: 'plain' };
  }
  return cardActivity(renderCard(reply, options), reply.summary);
}

export function cardActivity(card: CardJson, summary: string): Partial<Activity> {
  return {
    type: 'message',
    summary: cut(clean(summary), MAX_SUMMARY),
    attachments: [{ contentType: CARD_CONTENT_TYPE, content: card }],
  };
}

/** The clicker's card is replaced by this one. */
export const cardResponse = (card: CardJson): InvokeBody => ({
  statusCode: 200,
  type: CARD_CONTENT_TYPE,
  value: card,
});

/** The card stays as it is; Teams shows the text to the clicker. */
export const messageResponse = (text: string): InvokeBody => ({
  statusCode: 200,
  type: 'application/vnd.microsoft.activity.message',
  value: cut(clean(text), MAX_SUMMARY),
});

export async function answerInvoke(context: TurnContext, body: InvokeBody): Promise<void> {
  await context.sendActivity({
    type: ActivityTypes.InvokeResponse,
    value: { status: body.statusCode, body },
  });
}

/** The card stays as it is; Teams tells the clicker the action failed. */
export const errorResponse = (statusCode: number, code: string, message: string): InvokeBody => ({
  statusCode,
  type: 'application/vnd.microsoft.error',
  value: { code, message: cut(clean(message), MAX_SUMMARY) },
});
