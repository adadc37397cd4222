/**
 * What `npm start` runs (`… exec node FLAGS ENTRY` in package.json): the benchmarks start what
 * they measure with exactly these flags.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export function startFlags(): string[] {
  const file = fileURLToPath(new URL('../package.json', import.meta.url));
  const pkg = JSON.parse(readFileSync(file, 'utf8')) as { scripts: Record<string, string> };
  const exec = /exec node\s+(.*?)\s*(\S+\.m?[jt]s)$/.exec(pkg.scripts.start ?? '');
  if (!exec) throw new Error(`${file}: the start script does not \`exec node … ENTRY\``);
  return exec[1]!.split(/\s+/).filter(Boolean);
}
