/**
 * Data made inert: our own wording may format, data never may. Renderers run every string through
 * `clean` (no control, bidi, invisible character, line break or live URL); the core puts data into
 * sentences through `inert`, which also keeps it out of our code spans.
 */

/** Renderers cut further to their own limits. */
export const MAX_DATA_LENGTH = 1000;

const breaks = /[\t\n\v\f\r\u0085\u2028\u2029]/g;
/**
 * Controls (ANSI sequences lose their ESC), format characters (bidi, zero-width, BOM, tags), and
 * characters that show as nothing (Hangul fillers, Braille blank, Khmer vowels, Mongolian FVS…).
 */
const hidden =
  /[\p{Cc}\p{Cf}\u115f\u1160\u2800\u3164\uffa0]|\u034f|\u17b4|\u17b5|[\u180b-\u180f]/gu;
/** Long runs of combining marks ("Zalgo") draw over the lines around them: three are kept. */
const markRuns = /(\p{M}{3})\p{M}+/gu;
/** `scheme://` and `www.`: what chat clients and terminals turn into links by themselves. */
const urlStarts = /\b([a-z][a-z0-9+.-]*):\/\/|\b(www)\./gi;
/** Our code spans are written with backticks; one in data becomes a look-alike that is not. */
const BACKTICK_LOOKALIKE = '\u02cb';

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

export function inert(data: string, max = MAX_DATA_LENGTH): string {
  return cut(clean(data).replaceAll('`', BACKTICK_LOOKALIKE), max);
}

/** Marked with an ellipsis, never splitting a surrogate pair. */
export function cut(text: string, max: number): string {
  if (text.length <= max) return text;
  const kept = text.slice(0, Math.max(0, max - 1));
  return `${/[\ud800-\udbff]$/.test(kept) ? kept.slice(0, -1) : kept}…`;
}
