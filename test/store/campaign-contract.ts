/**
 * The Store contract for access review campaigns: grouped and counted in SQL the same way by
 * every store — one reviewer's reviews of one application and level opened on one day; kept,
 * revoked, late (against the recorded due date, else the default) and overdue; refused attempts
 * and other task types left out. `describeStoreContract` runs it on every implementation.
 */
import { describe, expect, it } from 'vitest';
import type { AuditEntry, DecisionAuditEntry, Store } from '../../src/store/store.ts';
import { audit } from './contract.ts';

const DAY = 86_400_000;
const day = (d: number, hour = 9) => new Date(Date.UTC(2026, 10, d, hour));
const period = { since: day(1, 0), until: day(30, 0) };
const query = { ...period, asOf: day(30, 0), dueAfterMs: 14 * DAY, limit: 100 };

/** A review of `person` by `reviewer`, opened on day `opened`. */
function review(
  taskId: string,
  reviewer: string,
  opened: number,
  more: Partial<DecisionAuditEntry> = {},
): DecisionAuditEntry {
  return audit({
    taskId,
    accessUserId: reviewer,
    chatUserId: `U-${reviewer}`,
    taskType: 'EntitlementReview',
    appId: 'app-gh',
    appName: 'GitHub',
    levelName: 'Write',
    taskCreatedAt: day(opened),
    at: day(opened + 1),
    ...more,
  });
}

const notified = (entry: DecisionAuditEntry): AuditEntry => {
  const { reason: _, outcome: __, action: ___, batchId: ____, ...facts } = entry;
  return { ...facts, action: 'notify', outcome: 'queued', at: entry.taskCreatedAt! };
};

export function describeCampaignReads(store: () => Store): void {
  describe('access review campaigns', () => {
    it('groups, counts and dates each campaign in the store', async () => {
      const due = day(5);
      const entries: AuditEntry[] = [
        // Ada's GitHub Write campaign of the 2nd: two kept on time, one revoked late, one open.
        review('r-1', 'ada', 2, { taskDueAt: due }),
        review('r-2', 'ada', 2, { taskDueAt: due, at: day(4) }),
        notified(review('r-3', 'ada', 2, { taskDueAt: due })),
        review('r-3', 'ada', 2, {
          taskDueAt: due,
          action: 'decline',
          outcome: 'declined',
          at: day(7),
        }),
        notified(review('r-4', 'ada', 2, { taskDueAt: due })),
        // A refused attempt on r-4 is no decision.
        review('r-4', 'ada', 2, { taskDueAt: due, outcome: 'failed', at: day(3) }),
        // The same application another day, another level, another reviewer: three more.
        review('r-5', 'ada', 10),
        review('r-6', 'ada', 10, { levelName: 'Admin' }),
        review('r-7', 'grace', 2, { at: day(20) }),
        // Not a review; a review opened before the period.
        audit({ taskId: 'x-1', at: day(3), taskType: 'AccessRequest', accessUserId: 'ada' }),
        review('r-0', 'ada', 0),
      ];
      for (const entry of entries) await store().appendAudit(entry);
      const rows = await store().reviewCampaigns(query);
      expect(rows).toEqual([
        {
          reviewer: 'ada',
          appId: 'app-gh',
          appName: 'GitHub',
          levelName: 'Write',
          reviews: 4,
          kept: 2,
          revoked: 1,
          late: 1,
          overdue: 1,
          openedMs: day(2).getTime(),
          dueMs: due.getTime(),
          lastMs: day(7).getTime(),
        },
        expect.objectContaining({ reviewer: 'grace', reviews: 1, kept: 1, late: 1 }),
        expect.objectContaining({
          reviewer: 'ada',
          levelName: 'Admin',
          reviews: 1,
          late: 0,
          dueMs: day(10).getTime() + 14 * DAY,
        }),
        expect.objectContaining({ reviewer: 'ada', levelName: 'Write', reviews: 1, late: 0 }),
      ]);
      // As the trail stood at the period's end: a decision after it is not yet taken.
      const early = await store().reviewCampaigns({ ...query, until: day(6, 0), asOf: day(6, 0) });
      expect(early[0]).toMatchObject({
        reviews: 4,
        kept: 2,
        revoked: 0,
        overdue: 2,
        lastMs: day(4).getTime(),
      });
      expect(await store().reviewCampaigns({ ...query, limit: 1 })).toHaveLength(1);
    });
  });
}
