/**
 * Housekeeping of the audit trail (AUDIT_RETENTION_DAYS): once a day, on one replica, entries
 * older than the retention are deleted, and so are group and application changes that expired
 * over a day ago (their outcome is in the audit log). A failure is logged and tried again the next day.
 */

import type { Logger } from '../../log.ts';
import type {
  AppChangeStore,
  AuditStore,
  GroupChangeStore,
  PollScheduleStore,
} from '../../store/store.ts';
import type { Clock } from '../clock.ts';

export type RetentionStore = AuditStore & GroupChangeStore & AppChangeStore & PollScheduleStore;

const DAY_MS = 86_400_000;
const JOB = 'audit-retention';

/** 0 days: the audit log is kept for ever (stale group changes still go); undefined: nothing. */
export async function applyAuditRetention(
  deps: { store: RetentionStore; clock: Clock; log: Logger },
  retentionDays: number | undefined,
): Promise<void> {
  if (retentionDays === undefined) return;
  const { store, clock, log } = deps;
  const now = clock.now();
  try {
    if (!(await store.claimScheduledRun(JOB, now, new Date(now.getTime() + DAY_MS)))) return;
    const dayAgo = new Date(now.getTime() - DAY_MS);
    const changes = (await store.pruneGroupChanges(dayAgo)) + (await store.pruneAppChanges(dayAgo));
    const entries =
      retentionDays > 0
        ? await store.pruneAudit(new Date(now.getTime() - retentionDays * DAY_MS))
        : 0;
    if (entries || changes) log.info({ entries, changes, retentionDays }, 'audit log pruned');
  } catch (error) {
    log.warn({ err: error }, 'audit retention failed; tried again tomorrow');
  }
}
