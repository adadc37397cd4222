/**
 * The report of `entries` over `period`, counted at `now`, with `names` of approvers: written to
 * a store (the names as the people's links), read back by the report's reader; and a report as
 * the whole file `npm run report` writes a piece at a time.
 */
import type { Report, ReportPeriod } from '../../src/core/audit/report.ts';
import { type Campaigns, readCampaigns } from '../../src/core/audit/report-campaigns.ts';
import { reportParts } from '../../src/core/audit/report-out.ts';
import { peopleNames, type ReportReadStore, readReport } from '../../src/core/audit/report-read.ts';
import { openStore } from '../../src/store/open.ts';
import type { AuditEntry, Store } from '../../src/store/store.ts';

export async function summarise(
  entries: Iterable<AuditEntry>,
  period: ReportPeriod,
  now: Date,
  names: ReadonlyMap<string, string> = new Map(),
): Promise<Report> {
  return withTrail(entries, names, (store) => figuresOf(store, period, now));
}

/** The report with its access review campaigns (reviews due `dueDays` after they were opened). */
export function summariseWithCampaigns(
  entries: Iterable<AuditEntry>,
  period: ReportPeriod,
  now: Date,
  names: ReadonlyMap<string, string> = new Map(),
  dueDays = 14,
): Promise<Report & { campaigns: Campaigns }> {
  return withTrail(entries, names, async (store) => ({
    ...(await figuresOf(store, period, now)),
    campaigns: await readCampaigns(store, period, now, dueDays, await peopleNames(store)),
  }));
}

async function withTrail<T>(
  entries: Iterable<AuditEntry>,
  names: ReadonlyMap<string, string>,
  read: (store: Store) => Promise<T>,
): Promise<T> {
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
    return await read(store);
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
