/**
 * Text as every store keeps it. PostgreSQL refuses NUL in `text` and `\u0000` or a lone
 * surrogate in `jsonb`; a hostile name or reason carrying one would make the write fail, and an
 * audit entry lost that way is a decision without its trace. Such code points become U+FFFD, so
 * what is kept still shows where they were; a string past MAX_STORED_CHARS is cut, so that no
 * field from outside makes a row unbounded. SQLite keeps the same text, so both stores agree.
 */
export const MAX_STORED_CHARS = 16_384;

const REPLACEMENT = '\uFFFD';

/** Well-formed, NUL-free text, cut past `max` characters (not inside a surrogate pair). */
export function storableText(text: string, max = Number.POSITIVE_INFINITY): string {
  // A pair cut in two would leave half a character.
  const end = max < text.length && /[\ud800-\udbff]/.test(text[max - 1] ?? '') ? max - 1 : max;
  let kept = text.length > max ? text.slice(0, end) : text;
  if (!kept.isWellFormed()) kept = kept.toWellFormed();
  return kept.includes('\0') ? kept.replaceAll('\0', REPLACEMENT) : kept;
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype;

/**
 * A value with every string in it made storable (keys too), arrays and plain objects followed
 * down; dates, numbers and buffers as they are.
 */
export function storable(value: unknown, max = Number.POSITIVE_INFINITY): unknown {
  if (typeof value === 'string') return storableText(value, max);
  if (Array.isArray(value)) return value.map((item) => storable(item, max));
  if (isPlainObject(value)) {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [storableText(key), storable(item, max)]),
    );
  }
  return value;
}

/** JSON text any store keeps, its strings cut like a column's. */
export const storedJson = (value: unknown): string =>
  JSON.stringify(storable(value, MAX_STORED_CHARS));
