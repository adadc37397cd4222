/**
 * Exports the audit log of DATABASE_URL's store: `npm run audit -- --since 2026-11-01
 * --format csv|json [--until …] [--person <email or chat id>] [--task <id>]`
 * (docs/groups-and-audit.md). The store's own messages never show the URL's password.
 */
import { DEFAULT_DATABASE_URL } from '../src/app/config.ts';
import { exportAudit } from '../src/core/audit/export.ts';
import {
  AUDIT_USAGE,
  type AuditExportOptions,
  parseAuditArgs,
} from '../src/core/audit/export-args.ts';
import { AppError } from '../src/errors.ts';
import { openStore } from '../src/store/open.ts';
import type { Store } from '../src/store/store.ts';

// `npm run audit … | head`: the reader went away; that is not a failure.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code !== 'EPIPE') throw error;
  process.exit(0);
});

/** The exit code: 0 done, 1 the store failed, 2 bad arguments. */
async function main(argv: readonly string[]): Promise<number> {
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
    store = await openStore(process.env.DATABASE_URL || DEFAULT_DATABASE_URL);
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
