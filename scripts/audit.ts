/**
 * Exports the audit log of DATABASE_URL's store: `npm run audit -- --since 2026-11-01
 * --format csv|json [--until …] [--person <email or chat id>] [--task <id>]`
 * (docs/groups-and-audit.md).
 */
import { exportAudit } from '../src/core/audit/export.ts';
import { AUDIT_USAGE, parseAuditArgs } from './audit-args.ts';
import { storeCommand } from './store-cli.ts';

const command = { name: 'audit', usage: AUDIT_USAGE, argv: process.argv.slice(2) };
process.exitCode = await storeCommand(command, parseAuditArgs, async (store, options) => {
  const count = await exportAudit(store, options, process.stdout);
  return `${count} ${count === 1 ? 'entry' : 'entries'} exported`;
});
