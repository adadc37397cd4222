/** Finding things by the name a person typed: exact first, then unique partial, then close. */

export function normalize(text: string): string {
  return text.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim();
}

function editDistance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let diagonal = row[0]!;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const above = row[j]!;
      row[j] = Math.min(above + 1, row[j - 1]! + 1, diagonal + (a[i - 1] === b[j - 1] ? 0 : 1));
      diagonal = above;
    }
  }
  return row[b.length]!;
}

/** The candidate nearest to `word`, if it is near enough to be a likely typo. */
export function closest(word: string, candidates: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestDistance = Math.max(2, Math.floor(word.length / 3)) + 1;
  for (const candidate of candidates) {
    const d = editDistance(normalize(word), normalize(candidate));
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
    .map((item) => ({ item, d: editDistance(q, normalize(nameOf(item))) }))
    .filter(({ d }) => d <= Math.max(2, Math.floor(q.length / 3)))
    .sort((a, b) => a.d - b.d);
  return { kind: 'none', suggestions: scored.slice(0, 5).map(({ item }) => item) };
}
