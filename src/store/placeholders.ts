/** `count` parameter placeholders from the `first`: `$3, $4` (PostgreSQL) or `?, ?` (SQLite). */
export function placeholders(count: number, placeholder: (n: number) => string, first = 1) {
  return Array.from({ length: count }, (_, i) => placeholder(first + i)).join(', ');
}
