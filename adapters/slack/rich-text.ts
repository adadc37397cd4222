/**
 * The core's text as Slack shows it. The core's only markup is a `code` span (its own wording;
 * data cannot open one); everything else in a reply is literal, so here it is made literal for
 * Slack, whose mrkdwn has no escape but for `&`, `<` and `>`:
 *  - `&`, `<`, `>` become entities, so no `<@U…>`, `<!channel>` or `<url|label>` is ever parsed;
 *  - `*`, `_`, `~` and a stray backtick become look-alikes that Slack does not format
 *    (∗ ˍ ∼ ˋ), as does a `>` that starts a line (a quote) and the colons around an emoji code;
 *  - every mrkdwn text object is sent with `verbatim: true`, so Slack links no URL, channel or
 *    name by itself (the core has already taken the `://` out of URLs in data, for `text`).
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

export function escapeMrkdwn(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
}

/** The core's text as mrkdwn in which only our code spans are markup. */
export function toMrkdwn(text: string): string {
  const out = clean(text).replace(markup, (m) => (m.length > 1 ? escapeMrkdwn(m) : literal[m]!));
  // A quote starts with `>` at the start of a line; `clean` left one line, so only here.
  return out.replace(/^(\s*)&gt;/, '$1\u203a');
}

/** The core's text for a `plain_text` object: nothing is markup there but emoji codes. */
export function toPlain(text: string): string {
  return clean(text).replace(emojiCode, '\u2236');
}
