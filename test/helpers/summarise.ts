/**
 * The report of `entries` over `period`, counted at `now`: written to a store, read back by the
 * report's reader; and a report as the whole file `npm run report` writes a piece at a time.
 */
import type { Report, ReportPeriod } from '../../src/core/audit/report.ts';
import { reportParts } from '../../src/core/audit/report-out.ts';
import { readFigures } from '../../src/core/audit/report-read.ts';
import { openStore } from '../../src/store/open.ts';
import type { AuditEntry } from '../../src/store/store.ts';

export async function summarise(
  entries: Iterable<AuditEntry>,
  period: ReportPeriod,
  now: Date,
  names?: ReadonlyMap<string, string>,
): Promise<Report> {
  const store = await openStore('sqlite::memory:');
  try {
    for (const entry of entries) await store.appendAudit(entry);
    return await readFigures(store, period, now, names);
  } finally {
    await store.close();
  }
}

export const reportFile = (...args: Parameters<typeof reportParts>) =>
  [...reportParts(...args)].join('');
