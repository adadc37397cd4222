#!/usr/bin/env node
// accessbot's entry however it is started: the Node.js check first, then the TypeScript entry.
// Imported, not spawned, so this process is accessbot itself and signals reach it.
import './check-node.mjs';

await import('../src/app/main.ts');
