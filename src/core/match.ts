/** Finding things by the name a person typed: exact first, then unique partial, then close. */
import leven from 'leven';

export function normalize(text: string): string {
  return text.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim();
}

/** The candidate nearest to `word`, if it is within `within` edits: a likely typo. */
export function closest(
  word: string,
  candidates: readonly string[],
  within = Math.max(2, Math.floor(word.length / 3)),
): string | undefined {
  let best: string | undefined;
  let bestDistance = within + 1;
  for (const candidate of candidates) {
    const d = leven(normalize(word), normalize(candidate));
    if (d < bestDistance) [best, bestDistance] = [candidate, d];
  }
  return best;
}

export type Match<T> =
  | { kind: 'one'; item: T }
  | { kind: 'many'; items: T[] }
  | { kind: 'none'; suggestions: T[] };

/** Exact name (case-insensitive), else the items whose name contains the query, else typos. */
export function matchByName<T>(
  items: readonly T[],
  query: string,
  nameOf: (item: T) => string,
): Match<T> {
  const q = normalize(query);
  const exact = items.filter((item) => normalize(nameOf(item)) === q);
  if (exact.length === 1) return { kind: 'one', item: exact[0]! };
  if (exact.length > 1) return { kind: 'many', items: exact };
  const partial = items.filter((item) => normalize(nameOf(item)).includes(q));
  if (partial.length === 1) return { kind: 'one', item: partial[0]! };
  if (partial.length > 1) return { kind: 'many', items: partial };
  const scored = items
    .map((item) => ({ item, d: leven(q, normalize(nameOf(item))) }))
    .filter(({ d }) => d <= Math.max(2, Math.floor(q.length / 3)))
    .sort((a, b) => a.d - b.d);
  return { kind: 'none', suggestions: scored.slice(0, 5).map(({ item }) => item) };
}
