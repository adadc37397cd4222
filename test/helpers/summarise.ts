/** The report of `entries` over `period`, counted at `now`: the store's reader, fed by hand. */
import { type Report, type ReportPeriod, ReportTally } from '../../src/core/audit/report.ts';
import type { AuditEntry } from '../../src/store/store.ts';

export function summarise(
  entries: Iterable<AuditEntry>,
  period: ReportPeriod,
  now: Date,
  names?: ReadonlyMap<string, string>,
): Report {
  const tally = new ReportTally(period);
  for (const entry of entries) tally.add(entry);
  return tally.figures(now, names);
}
