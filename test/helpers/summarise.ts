/**
 * The report of `entries` over `period`, counted at `now`, with `names` of approvers: written to
 * a store (the names as the people's links), read back by the report's reader; and a report as
 * the whole file `npm run report` writes a piece at a time.
 */
import type { Report, ReportPeriod } from '../../src/core/audit/report.ts';
import { reportParts } from '../../src/core/audit/report-out.ts';
import { type ReportReadStore, readReport } from '../../src/core/audit/report-read.ts';
import { openStore } from '../../src/store/open.ts';
import type { AuditEntry } from '../../src/store/store.ts';

export async function summarise(
  entries: Iterable<AuditEntry>,
  period: ReportPeriod,
  now: Date,
  names: ReadonlyMap<string, string> = new Map(),
): Promise<Report> {
  const store = await openStore('sqlite::memory:');
  try {
    for (const entry of entries) await store.appendAudit(entry);
    for (const [accessUserId, displayName] of names) {
      await store.saveLink({
        platform: 'slack',
        chatUserId: `U-${accessUserId}`,
        accessUserId,
        email: `${accessUserId}@example.com`,
        displayName,
        linkedAt: new Date(0),
      });
    }
    return await figuresOf(store, period, now);
  } finally {
    await store.close();
  }
}

/** The report's figures as `store` gives them, without its questions and absences. */
export async function figuresOf(store: ReportReadStore, period: ReportPeriod, now: Date) {
  const { asks: _, ...figures } = await readReport(store, period, now);
  return figures;
}

export const reportFile = (...args: Parameters<typeof reportParts>) =>
  [...reportParts(...args)].join('');
