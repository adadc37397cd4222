/**
 * The node flags `npm start` runs accessbot with (`… exec node FLAGS src/app/main.ts` in
 * package.json): the benchmarks start what they measure with exactly these.
 */
import { readFileSync } from 'node:fs';

export function startFlags(): string[] {
  const file = new URL('../package.json', import.meta.url);
  const pkg = JSON.parse(readFileSync(file, 'utf8')) as { scripts: Record<string, string> };
  const exec = /exec node (.*?)\s*src\/app\/main\.ts/.exec(pkg.scripts.start ?? '');
  if (!exec) throw new Error('the start script does not `exec node … src/app/main.ts`');
  return exec[1]!.split(/\s+/).filter(Boolean);
}
