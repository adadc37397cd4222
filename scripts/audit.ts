/**
 * Exports the audit log of DATABASE_URL's store: `npm run audit -- --since 2026-11-01
 * --format csv|json [--until …] [--person <email or chat id>] [--task <id>]`
 * (docs/groups-and-audit.md). The store's own messages never show the URL's password.
 */
import { existsSync } from 'node:fs';
import { DEFAULT_DATABASE_URL } from '../src/app/config.ts';
import { exportAudit } from '../src/core/audit/export.ts';
import {
  AUDIT_USAGE,
  type AuditExportOptions,
  parseAuditArgs,
} from '../src/core/audit/export-args.ts';
import { AppError } from '../src/errors.ts';
import { parseDatabaseUrl } from '../src/store/database-url.ts';
import { openStore } from '../src/store/open.ts';
import type { Store } from '../src/store/store.ts';

// `npm run audit … | head`: the reader went away; that is not a failure.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code !== 'EPIPE') throw error;
  process.exit(0);
});

/** A SQLite store that is not there: opening it would create an empty one, and export nothing. */
function missingStore(databaseUrl: string): string | undefined {
  const target = parseDatabaseUrl(databaseUrl);
  if (target.kind !== 'sqlite' || (target.file !== ':memory:' && existsSync(target.file))) return;
  return `no accessbot store at ${target.file}: set DATABASE_URL to the store accessbot runs with`;
}

/** The exit code: 0 done, 1 no store or the store failed, 2 bad arguments. */
async function main(argv: readonly string[]): Promise<number> {
  if (argv.includes('--help')) {
    process.stdout.write(`${AUDIT_USAGE}\n`);
    return 0;
  }
  let options: AuditExportOptions;
  try {
    options = parseAuditArgs(argv);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    process.stderr.write(`audit: ${error.message}\n${AUDIT_USAGE}\n`);
    return 2;
  }
  let store: Store | undefined;
  try {
    const databaseUrl = process.env.DATABASE_URL || DEFAULT_DATABASE_URL;
    const missing = missingStore(databaseUrl);
    if (missing) {
      process.stderr.write(`audit: ${missing}\n`);
      return 1;
    }
    store = await openStore(databaseUrl);
    const count = await exportAudit(store, options, process.stdout);
    process.stderr.write(`audit: ${count} ${count === 1 ? 'entry' : 'entries'} exported\n`);
    return 0;
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    process.stderr.write(`audit: ${error.message}\n`);
    return 1;
  } finally {
    await store?.close();
  }
}

process.exitCode = await main(process.argv.slice(2));
