/** Decisions through the bot seeded in the audit trail with known times, for the usual wait. */
import { randomUUID } from 'node:crypto';
import { workApps } from '../../src/sandbox/seed.ts';
import type { DecisionAuditEntry, Store } from '../../src/store/store.ts';

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

/** An approval, by an approver no test acts as, of a GitHub request an hour before `now` (or `ago`), `waited` after its task began. */
export function decided(now: Date, waited: number, more: { ago?: number; appId?: string } = {}) {
  const at = new Date(now.getTime() - (more.ago ?? HOUR));
  return {
    at,
    platform: 'slack',
    chatUserId: 'U-SEEDED',
    accessUserId: 'seeded-approver',
    action: 'approve',
    taskId: randomUUID(),
    appId: more.appId ?? workApps.github.id,
    appName: 'GitHub',
    taskType: 'AccessRequest',
    taskCreatedAt: new Date(at.getTime() - waited),
    reason: null,
    outcome: 'approved',
    detail: null,
  } satisfies DecisionAuditEntry;
}

/** Decisions of 1, 2, 3, 4 and 50 hours: the median is 3 hours, the 90th percentile 50. */
export async function fiveDecisions(store: Store, now: Date, appId = workApps.github.id) {
  for (const hours of [1, 2, 3, 4, 50])
    await store.appendAudit(decided(now, hours * HOUR, { appId }));
}
