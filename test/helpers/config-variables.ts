/** The environment variables accessbot reads: the keys of the `Env` schema in src/app/config.ts. */
import { readFileSync } from 'node:fs';

const source = readFileSync(new URL('../../src/app/config.ts', import.meta.url), 'utf8');
const schema = source.slice(source.indexOf('const Env = z'), source.indexOf('.superRefine('));

export const configVariables: ReadonlySet<string> = new Set(
  [...schema.matchAll(/^ {4}([A-Z][A-Z0-9_]*|Microsoft[A-Za-z]+): /gm)].map((m) => m[1]!),
);
