/**
 * What `npm run audit` and `npm run report` share: usage, the store opened (never a SQLite file
 * that is not there: that would create an empty one) and closed, and the exit code (0 done, 1 the
 * store failed, 2 bad arguments).
 */
import { existsSync } from 'node:fs';
import { DEFAULT_DATABASE_URL } from '../src/app/config.ts';
import { AppError } from '../src/errors.ts';
import { parseDatabaseUrl } from '../src/store/database-url.ts';
import { openStore } from '../src/store/open.ts';
import type { Store } from '../src/store/store.ts';

// `npm run audit … | head`: the reader went away; that is not a failure.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code !== 'EPIPE') throw error;
  process.exit(0);
});

function missingStore(databaseUrl: string): string | undefined {
  const target = parseDatabaseUrl(databaseUrl);
  if (target.kind !== 'sqlite' || (target.file !== ':memory:' && existsSync(target.file))) return;
  return `no accessbot store at ${target.file}: set DATABASE_URL to the store accessbot runs with`;
}

/** What `work` returns is said on stderr. */
export async function storeCommand<O>(
  command: { name: string; usage: string; argv: readonly string[] },
  parse: (argv: readonly string[]) => O,
  work: (store: Store, options: O) => Promise<string>,
): Promise<number> {
  const { name, usage, argv } = command;
  const say = (line: string) => process.stderr.write(`${name}: ${line}\n`);
  if (argv.includes('--help')) {
    process.stdout.write(`${usage}\n`);
    return 0;
  }
  let options: O;
  try {
    options = parse(argv);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    say(`${error.message}\n${usage}`);
    return 2;
  }
  let store: Store | undefined;
  try {
    const databaseUrl = process.env.DATABASE_URL || DEFAULT_DATABASE_URL;
    const missing = missingStore(databaseUrl);
    if (missing) {
      say(missing);
      return 1;
    }
    store = await openStore(databaseUrl);
    say(await work(store, options));
    return 0;
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    say(error.message);
    return 1;
  } finally {
    await store?.close();
  }
}
