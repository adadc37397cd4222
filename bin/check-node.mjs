#!/usr/bin/env node
// Plain JavaScript that old Node versions parse too: below `engines.node` it prints one line
// saying what is needed, and exits 1, instead of crashing on the first TypeScript file.
import { readFileSync } from 'node:fs';

const root = new URL('../', import.meta.url);
const minimum = /^>=\s*(\d+)(?:\.(\d+))?(?:\.(\d+))?$/.exec(
  JSON.parse(readFileSync(new URL('package.json', root), 'utf8')).engines.node,
);
const recommended = readFileSync(new URL('.nvmrc', root), 'utf8').trim();
const wanted = (minimum ?? []).slice(1).map((part) => Number(part ?? 0));
const running = process.versions.node.split('.').map(Number);

const older = (a, b) => {
  for (let i = 0; i < 3; i++) if (a[i] !== b[i]) return a[i] < b[i];
  return false;
};

if (!minimum) {
  process.stderr.write('accessbot: package.json engines.node must read ">=MAJOR.MINOR"\n');
  process.exit(1);
}
if (older(running, wanted)) {
  process.stderr.write(
    `accessbot needs Node.js ${recommended} (at least ${wanted.join('.')}); this is Node.js ${process.versions.node}. Install it with \`nvm install ${recommended}\` (https://nodejs.org/en/download) and run the command again.\n`,
  );
  process.exit(1);
}
