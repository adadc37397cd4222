#!/usr/bin/env node
// accessbot's entry, however it is started (npm start, the image, the systemd unit, a replica):
// the Node.js check first, in plain JavaScript any Node parses, then the TypeScript entry point.
// Imported, not spawned, so this process is accessbot itself and signals reach it.
import './check-node.mjs';

await import('../src/app/main.ts');
