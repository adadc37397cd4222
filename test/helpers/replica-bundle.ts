/**
 * The crash suite's replica (poller-child.ts) joined with everything it imports into a few files,
 * built once per test process: each replica then loads those instead of about 700 modules (Slack)
 * or 1,700 (Teams), whose loading was half of a crash case's CPU time. The code is the same:
 * rolldown (vitest's bundler) strips the types and joins the modules, and each platform's SDK
 * stays in a chunk of its own that only that platform's replica loads. The folder is named after
 * its content, so a later run with the same code finds it, and Node's compile cache for it, warm.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { rolldown } from 'rolldown';

const source = fileURLToPath(new URL('./poller-child.ts', import.meta.url));
let built: Promise<string> | undefined;

/** The path of the bundled replica's entry, built at the first call. */
export function replicaBundle(): Promise<string> {
  built ??= build();
  return built;
}

async function build(): Promise<string> {
  const bundle = await rolldown({
    input: source,
    platform: 'node',
    // pg's optional native binding is not installed; pg only loads it when asked to.
    external: [/^node:/, 'pg-native'],
  });
  const { output } = await bundle.generate({
    format: 'esm',
    entryFileNames: 'replica.mjs',
    chunkFileNames: '[name]-[hash].mjs',
  });
  await bundle.close();
  const files = output.map((o) => [o.fileName, o.type === 'chunk' ? o.code : o.source] as const);
  const hash = createHash('sha256');
  for (const [name, code] of files) hash.update(name).update('\0').update(code).update('\0');
  const dir = join(tmpdir(), `accessbot-replica-${hash.digest('hex').slice(0, 16)}`);
  const entry = join(dir, 'replica.mjs');
  if (existsSync(entry)) return entry;
  // Written aside and renamed into place, so that no replica reads a half-written bundle; another
  // test process may have put the same one there meanwhile.
  const draft = mkdtempSync(`${dir}-`);
  for (const [name, code] of files) writeFileSync(join(draft, name), code);
  try {
    renameSync(draft, dir);
  } catch (error) {
    rmSync(draft, { recursive: true, force: true });
    if (!existsSync(entry)) throw error;
  }
  return entry;
}
