/**
 * Exports the audit log: `npm run audit -- --since 2026-11-01 --format csv|json [--until …]
 * [--person <email or chat id>] [--task <id>]` (docs/groups-and-audit.md).
 */
import { runAuditExport } from '../src/app/audit-export.ts';

// `npm run audit … | head`: the reader went away; that is not a failure.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code !== 'EPIPE') throw error;
  process.exit(0);
});

process.exitCode = await runAuditExport(
  process.argv.slice(2),
  process.env,
  process.stdout,
  process.stderr,
);
