/**
 * Block Kit's documented limits (as written in `@slack/types`' comments and Slack's reference),
 * and the text helpers that keep every payload inside them: Slack rejects a whole message or view
 * for one field that is too long, so we shorten instead.
 */
import type { types } from '@slack/bolt';

export const limits = {
  messageBlocks: 50,
  viewBlocks: 100,
  sectionText: 3000,
  sectionFields: 10,
  fieldText: 2000,
  headerText: 150,
  contextElements: 10,
  contextText: 2000,
  actionsElements: 25,
  buttonText: 75,
  buttonValue: 2000,
  actionId: 255,
  blockId: 255,
  confirmTitle: 100,
  confirmText: 300,
  confirmButton: 30,
  optionText: 75,
  optionValue: 75,
  options: 100,
  modalTitle: 24,
  modalButton: 24,
  privateMetadata: 3000,
  inputLabel: 2000,
  placeholder: 150,
  /** The plain-text fallback of a message (Slack truncates at 40,000; we keep it readable). */
  fallbackText: 3000,
} as const;

/** Slack's three control characters in mrkdwn; everything else is shown as typed. */
export function escapeMrkdwn(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
}

/** Cuts to `max` characters with an ellipsis, never in the middle of an `&amp;` entity. */
export function cut(text: string, max: number): string {
  if (text.length <= max) return text;
  return `${text.slice(0, max - 1).replace(/&[a-z]*$/, '')}…`;
}

/** Text from people or the Access Service, escaped and within `max`. */
export const mrkdwnText = (raw: string, max: number) => cut(escapeMrkdwn(raw), max);

export function plain(text: string, max: number): types.PlainTextElement {
  return { type: 'plain_text', text: cut(text, max), emoji: true };
}

export function mrkdwn(text: string): types.MrkdwnElement {
  return { type: 'mrkdwn', text };
}
