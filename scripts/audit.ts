/**
 * Exports the audit log of DATABASE_URL's store: `npm run audit -- --since 2026-11-01
 * --format csv|json [--until …] [--person <email or chat id>] [--task <id>]`; or checks its hash
 * chain: `npm run audit -- --verify [--head <posted hash>]`, exit code 3 when it is broken
 * (docs/groups-and-audit.md).
 */
import { exportAudit } from '../src/core/audit/export.ts';
import { verdictLine, verifyChain } from '../src/core/audit/verify.ts';
import { AUDIT_USAGE, parseAuditArgs } from './audit-args.ts';
import { storeCommand } from './store-cli.ts';

const BROKEN = 3;

const command = { name: 'audit', usage: AUDIT_USAGE, argv: process.argv.slice(2) };
const code = await storeCommand(command, parseAuditArgs, async (store, options) => {
  if ('verify' in options) {
    const verdict = await verifyChain(store, options.head);
    if (!verdict.ok) process.exitCode = BROKEN;
    return verdictLine(verdict);
  }
  const count = await exportAudit(store, options, process.stdout);
  return `${count} ${count === 1 ? 'entry' : 'entries'} exported`;
});
process.exitCode ??= code;
