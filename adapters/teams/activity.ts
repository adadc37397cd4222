/**
 * Core replies as Bot Framework message activities, and the bodies of invoke responses. A reply
 * that is only text goes as a plain Teams message (markdown); anything with a title, fields,
 * tasks or buttons goes as an Adaptive Card whose fallback is the reply's summary.
 */
import type { Activity } from 'botbuilder';
import type { Reply } from '../../src/core/reply.ts';
import type { InvokeBody } from './deps.ts';
import { CARD_CONTENT_TYPE, type CardJson, type RenderOptions, renderCard } from './render.ts';

function isPlainText(reply: Reply): boolean {
  return !reply.title && reply.blocks.every((b) => b.kind === 'text');
}

export function messageActivity(reply: Reply, options: RenderOptions = {}): Partial<Activity> {
  if (isPlainText(reply)) {
    const text = reply.blocks.map((b) => (b.kind === 'text' ? b.text : '')).join('\n\n');
    return { type: 'message', text, textFormat: 'markdown' };
  }
  return cardActivity(renderCard(reply, options), reply.summary);
}

export function cardActivity(card: CardJson, summary: string): Partial<Activity> {
  return {
    type: 'message',
    summary,
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
  value: text,
});

/** The card stays as it is; Teams tells the clicker the action failed. */
export const errorResponse = (statusCode: number, code: string, message: string): InvokeBody => ({
  statusCode,
  type: 'application/vnd.microsoft.error',
  value: { code, message },
});
