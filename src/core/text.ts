/**
 * Text written by people or supplied by the Access Service, made inert before any renderer sees
 * it. Our own wording may format (bold titles, `code` spans for commands); data never may. Every
 * renderer runs every string of a reply through `clean` (so nothing that reaches a chat or a
 * terminal can carry a control sequence, a bidi trick, an invisible character, a line break or a
 * live URL), and the core puts data into its sentences through `inert`, which also keeps the data
 * from opening or closing one of our code spans and bounds its length.
 */

/** The longest a single piece of data is shown; renderers cut further to their own limits. */
export const MAX_DATA_LENGTH = 1000;

/** Line and paragraph breaks of every kind, and tabs: each becomes one space. */
const breaks = /[\t\n\v\f\r\u0085\u2028\u2029]/g;
/**
 * Controls (C0, DEL, C1: ANSI CSI/OSC sequences lose their ESC and are left as plain text),
 * format characters (bidi overrides, embeddings, isolates and marks, zero-width spaces and
 * joiners, word joiner, soft hyphen, BOM, tag characters), and characters that show as nothing
 * (Hangul fillers, Braille blank, Khmer inherent vowels, Mongolian variation selectors,
 * combining grapheme joiner).
 */
const hidden =
  /[\p{Cc}\p{Cf}\u115f\u1160\u2800\u3164\uffa0]|\u034f|\u17b4|\u17b5|[\u180b-\u180f]/gu;
/** Long runs of combining marks ("Zalgo") draw over the lines around them: three are kept. */
const markRuns = /(\p{M}{3})\p{M}+/gu;
/** `scheme://` and `www.`: what chat clients and terminals turn into links by themselves. */
const urlStarts = /\b([a-z][a-z0-9+.-]*):\/\/|\b(www)\./gi;
/** Our code spans are written with backticks; one in data becomes a look-alike that is not. */
const BACKTICK_LOOKALIKE = '\u02cb';

/** Text with no control, bidi or invisible character left, its line breaks made spaces. */
export const printable = (text: string) =>
  text.toWellFormed().replace(breaks, ' ').replace(hidden, '');

/** Any text as one harmless line: safe for our own wording too, which it leaves as it is. */
export function clean(text: string): string {
  return printable(text)
    .replace(markRuns, '$1')
    .replace(urlStarts, (_m, scheme: string | undefined, www: string | undefined) =>
      scheme ? `${scheme}[:]//` : `${www}[.]`,
    )
    .replace(/\s+/g, ' ')
    .trim();
}

/** Data to put into one of our sentences: clean, no backticks, at most `max` characters. */
export function inert(data: string, max = MAX_DATA_LENGTH): string {
  return cut(clean(data).replaceAll('`', BACKTICK_LOOKALIKE), max);
}

/** `text` in at most `max` characters, marked with an ellipsis, never splitting a character. */
export function cut(text: string, max: number): string {
  if (text.length <= max) return text;
  const kept = text.slice(0, Math.max(0, max - 1));
  return `${/[\ud800-\udbff]$/.test(kept) ? kept.slice(0, -1) : kept}…`;
}
