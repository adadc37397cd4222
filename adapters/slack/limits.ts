/**
 * Block Kit's documented limits (as written in `@slack/types`' comments and Slack's reference),
 * and the text helpers that keep every payload inside them: Slack rejects a whole message or view
 * for one field that is too long, so we shorten instead.
 */
import type { types } from '@slack/bolt';
import { cut as coreCut } from '../../src/core/text.ts';
import { toMrkdwn, toPlain } from './rich-text.ts';

export const limits = {
  messageBlocks: 50,
  viewBlocks: 100,
  sectionText: 3000,
  sectionFields: 10,
  fieldText: 2000,
  headerText: 150,
  contextElements: 10,
  contextText: 2000,
  buttonText: 75,
  /** What a screen reader says for a button, where the label alone would not say enough. */
  accessibilityLabel: 75,
  buttonValue: 2000,
  confirmTitle: 100,
  confirmText: 300,
  confirmButton: 30,
  optionText: 75,
  optionValue: 75,
  options: 100,
  modalTitle: 24,
  modalButton: 24,
  inputLabel: 2000,
  placeholder: 150,
  /** The plain-text fallback of a message (Slack truncates at 40,000; we keep it readable). */
  fallbackText: 3000,
} as const;

/** Cuts to `max` characters with an ellipsis, never inside an `&amp;` entity or a character. */
export function cut(text: string, max: number): string {
  if (text.length <= max) return text;
  return coreCut(text, max).replace(/&[a-z]*…$/, '…');
}

/** The core's text (data from people and the service included) as mrkdwn, within `max`. */
export const mrkdwnText = (text: string, max: number) => cut(toMrkdwn(text), max);

/** Slack refuses an empty text object; data can clean down to nothing. */
const shown = (text: string) => text || '…';

export function plain(text: string, max: number): types.PlainTextElement {
  return { type: 'plain_text', text: shown(cut(toPlain(text), max)), emoji: true };
}

/** Several lines of the core's text as one `plain_text` object. */
export function plainLines(lines: readonly string[], max: number): types.PlainTextElement {
  return { type: 'plain_text', text: shown(cut(lines.map(toPlain).join('\n'), max)), emoji: true };
}

/** `verbatim`: Slack links no URL, channel or name by itself in what we send. */
export function mrkdwn(text: string): types.MrkdwnElement {
  return { type: 'mrkdwn', text: shown(text), verbatim: true };
}
