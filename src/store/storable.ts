/**
 * PostgreSQL refuses NUL and lone surrogates: a hostile name carrying one would lose an audit
 * entry. They become U+FFFD in both stores, and text is cut so no outside field grows a row.
 */
export const MAX_STORED_CHARS = 16_384;

const REPLACEMENT = '\uFFFD';

/** Cut past `max` characters, never inside a surrogate pair. */
export function storableText(text: string, max = Number.POSITIVE_INFINITY): string {
  const end = max < text.length && /[\ud800-\udbff]/.test(text[max - 1] ?? '') ? max - 1 : max;
  let kept = text.length > max ? text.slice(0, end) : text;
  if (!kept.isWellFormed()) kept = kept.toWellFormed();
  return kept.includes('\0') ? kept.replaceAll('\0', REPLACEMENT) : kept;
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype;

/** Every string in it made storable, keys too. */
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

export const storedJson = (value: unknown): string =>
  JSON.stringify(storable(value, MAX_STORED_CHARS));
