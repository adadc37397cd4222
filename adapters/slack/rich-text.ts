/**
 * The core's text made literal for Slack (docs/security-rendering.md): the core's `code` spans are
 * its only markup. `&`, `<`, `>` become entities in every text object; emoji codes and, in mrkdwn
 * (sent `verbatim: true`), `*`, `_`, `~`, stray backticks and a leading `>` become look-alikes.
 * So no `<@U…>`, `<!channel>` or `<url|label>` is ever parsed. Then Block Kit's documented limits
 * (as written in `@slack/types`' comments and Slack's reference) are kept by cutting: Slack rejects
 * a whole message or view for one field that is too long, so we shorten instead.
 */
import type { types } from '@slack/bolt';
import { clean, cut as coreCut } from '../../src/core/text.ts';

/** `:name:` shows as an emoji; the first colon becomes a ratio sign (∶), which does not. */
const emojiCode = /:(?=[a-z0-9_+'-]+:)/gi;
/** One pass: a code span of ours, or one character that is markup in mrkdwn. */
const markup = /`[^`]+`|[&<>*_~`]|:(?=[a-z0-9_+'-]+:)/gi;
/** An entity, or a look-alike that Slack does not format. */
const literal: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '*': '\u2217',
  _: '\u02cd',
  '~': '\u223c',
  '`': '\u02cb',
  ':': '\u2236',
};

export function toEntities(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
}

const entityChars: Record<string, string> = { amp: '&', lt: '<', gt: '>' };

/** Slack encodes only these three (`&copy;` is what was typed); one pass: `&amp;lt;` is `&lt;`. */
export function fromEntities(text: string): string {
  return text.replace(/&(amp|lt|gt);/g, (_m, name: string) => entityChars[name]!);
}

/** The core's text as mrkdwn in which only our code spans are markup. */
export function toMrkdwn(text: string): string {
  const out = clean(text).replace(markup, (m) => (m.length > 1 ? toEntities(m) : literal[m]!));
  // A quote starts with `>` at the start of a line; `clean` left one line, so only here.
  return out.replace(/^(\s*)&gt;/, '$1\u203a');
}

/** Words without emoji codes: also a button's `accessibility_label`, a string, not a text object. */
export function plainWords(text: string): string {
  return clean(text).replace(emojiCode, '\u2236');
}

export const toPlain = (text: string) => toEntities(plainWords(text));

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
