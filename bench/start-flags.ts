/**
 * What `npm start` runs (`… exec node FLAGS ENTRY` in package.json): the benchmarks start what
 * they measure with exactly these flags — this checkout's, or an earlier version's from its own
 * checkout (bench:load's 'before').
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export function startCommand(dir = fileURLToPath(new URL('..', import.meta.url))) {
  const file = join(dir, 'package.json');
  const pkg = JSON.parse(readFileSync(file, 'utf8')) as { scripts: Record<string, string> };
  const exec = /exec node\s+(.*?)\s*(\S+\.ts)$/.exec(pkg.scripts.start ?? '');
  if (!exec) throw new Error(`${file}: the start script does not \`exec node … ENTRY.ts\``);
  return { flags: exec[1]!.split(/\s+/).filter(Boolean), entry: exec[2]! };
}

export const startFlags = () => startCommand().flags;
