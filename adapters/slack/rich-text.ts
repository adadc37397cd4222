/**
 * The core's text as Slack shows it. The core's only markup is a `code` span (its own wording;
 * data cannot open one); everything else in a reply is literal, so here it is made literal for
 * Slack. Slack reads `&`, `<` and `>` as control characters in every text object, `plain_text`
 * and `mrkdwn` alike, and shows the entities `&amp;`, `&lt;` and `&gt;` as the characters; so
 * one rule for each type of text object, wherever it is (a block, a header, a button, an option,
 * a modal, a confirmation):
 *  - `plain_text`: `&`, `<`, `>` become entities; Slack formats nothing else in it but emoji
 *    codes, whose first colon becomes a look-alike (∶) that Slack does not turn into an emoji;
 *  - `mrkdwn`: the same, and `*`, `_`, `~` and a stray backtick become look-alikes that Slack
 *    does not format (∗ ˍ ∼ ˋ), as does a `>` that starts a line (a quote); every mrkdwn text
 *    object is sent with `verbatim: true`, so Slack links no URL, channel or name by itself (the
 *    core has already taken the `://` out of URLs in data, for the message's top-level `text`).
 * So no `<@U…>`, `<!channel>` or `<url|label>` is ever parsed. Text Slack sends us (a slash
 * command's, an option's) comes with the same entities: `fromEntities` reads it once.
 */
import { clean } from '../../src/core/text.ts';

/** `:name:` shows as an emoji; the first colon becomes a ratio sign (∶), which does not. */
const emojiCode = /:(?=[a-z0-9_+'-]+:)/gi;
/**
 * In one pass: a code span of ours (what lies between two backticks on one line), or one
 * character of other text that is markup in mrkdwn: an entity's, a format's, an emoji code's.
 */
const markup = /`[^`]+`|[&<>*_~`]|:(?=[a-z0-9_+'-]+:)/gi;
/** What each such character becomes: an entity, or a look-alike that Slack does not format. */
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

/** `&`, `<` and `>` as the entities Slack reads in every text object. */
export function toEntities(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
}

const entityChars: Record<string, string> = { amp: '&', lt: '<', gt: '>' };

/**
 * Text Slack sent, its three entities read back as the characters, in one pass (`&amp;lt;` is
 * `&lt;`). Only those three: Slack encodes no other, so `&copy;` is what the person typed.
 */
export function fromEntities(text: string): string {
  return text.replace(/&(amp|lt|gt);/g, (_m, name: string) => entityChars[name]!);
}

/** The core's text as mrkdwn in which only our code spans are markup. */
export function toMrkdwn(text: string): string {
  const out = clean(text).replace(markup, (m) => (m.length > 1 ? toEntities(m) : literal[m]!));
  // A quote starts with `>` at the start of a line; `clean` left one line, so only here.
  return out.replace(/^(\s*)&gt;/, '$1\u203a');
}

/**
 * The core's text as words with no emoji code: what a `plain_text` object shows, and what a
 * screen reader says for a button (`accessibility_label`, a string, not a text object).
 */
export function plainWords(text: string): string {
  return clean(text).replace(emojiCode, '\u2236');
}

/** The core's text for a `plain_text` object. */
export const toPlain = (text: string) => toEntities(plainWords(text));
