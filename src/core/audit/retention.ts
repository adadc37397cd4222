/**
 * Audit retention (AUDIT_RETENTION_DAYS), once a day on one replica: old entries, questions and
 * away waits go, and confirmations expired over a day ago (their outcome is in the audit log).
 */
import type { Logger } from '../../log.ts';
import type {
  AuditStore,
  AwayStore,
  ConfirmationStore,
  PollScheduleStore,
  TaskQuestionStore,
} from '../../store/store.ts';
import type { Clock } from '../clock.ts';

export type RetentionStore = AuditStore &
  ConfirmationStore &
  PollScheduleStore &
  TaskQuestionStore &
  AwayStore;

const DAY_MS = 86_400_000;
const JOB = 'audit-retention';

/** 0 days: the audit log is kept for ever (stale confirmations still go); undefined: nothing. */
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
    const changes = await store.pruneConfirmations(dayAgo);
    const before = new Date(now.getTime() - retentionDays * DAY_MS);
    const entries = retentionDays > 0 ? await store.pruneAudit(before) : 0;
    const asks = retentionDays > 0 ? await store.pruneAsks(before) : 0;
    if (entries || changes || asks) {
      log.info({ entries, changes, asks, retentionDays }, 'audit log pruned');
    }
  } catch (error) {
    log.warn({ err: error }, 'audit retention failed; tried again tomorrow');
  }
}
