/**
 * What `npm start` runs, read from package.json (`exec node <heap flags> <entry>`): the image,
 * the systemd unit and the docs' replica command are held to it.
 */
import { readFileSync } from 'node:fs';

const { scripts } = JSON.parse(
  readFileSync(new URL('../../package.json', import.meta.url), 'utf8'),
) as { scripts: Record<string, string> };

const parts = /^exec node ((?:--[\w-]+=\d+ )*)(\S+)$/.exec(scripts.start ?? '');
if (!parts) throw new Error('package.json: `start` is not `exec node <heap flags> <entry>`');

/** The entry every start goes through: it checks the Node version first. */
export const entry = parts[2]!;
/** npm start's heap flags, which keep one process under 250 MB. */
export const heapFlags = parts[1]!.trim().split(' ');
/** `node <heap flags> <entry>`. */
export const startCommand = `node ${parts[1]}${entry}`;
