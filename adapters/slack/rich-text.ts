/**
 * The core's text made literal for Slack (docs/security-rendering.md): the core's `code` spans are
 * its only markup. `&`, `<`, `>` become entities in every text object; emoji codes and, in mrkdwn
 * (sent `verbatim: true`), `*`, `_`, `~`, stray backticks and a leading `>` become look-alikes.
 * So no `<@U…>`, `<!channel>` or `<url|label>` is ever parsed.
 */
import { clean } from '../../src/core/text.ts';

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
