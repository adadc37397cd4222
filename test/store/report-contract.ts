/**
 * The Store contract for the insight report's reads: bounded counts, keyset pages that give
 * every entry once across entries of the same instant, and the same figures from every store
 * for the same trail. `describeStoreContract` runs it on every implementation.
 */
import { describe, expect, it } from 'vitest';
import type { ReportCursor, ReportMark, Store, TaskEventEntry } from '../../src/store/store.ts';
import { demoEntries, demoLinks } from '../fakes/report-demo.ts';
import { figuresOf, summarise } from '../helpers/summarise.ts';
import { audit } from './contract.ts';

const at = (minute: number) => new Date(Date.UTC(2026, 10, 2, 9, minute));
const period = { since: at(0), until: at(600) };

const notify = (taskId: string, minute: number): TaskEventEntry => ({
  at: at(minute),
  platform: 'slack',
  chatUserId: 'U-ADA',
  accessUserId: 'ada',
  detail: null,
  action: 'notify',
  taskId,
  outcome: 'queued',
});

/** Every mark of a walk, a page of `limit` at a time. */
async function walk(
  read: (after: ReportCursor | undefined) => Promise<ReportMark[]>,
  limit: number,
) {
  const all: ReportMark[] = [];
  for (let after: ReportCursor | undefined, page = await read(after); ; page = await read(after)) {
    all.push(...page);
    if (page.length < limit) return all;
    after = { at: page.at(-1)!.at, id: page.at(-1)!.id };
  }
}

export function describeReportReads(store: () => Store): void {
  describe('the insight report’s reads', () => {
    it('walks the period’s decisions in pages, each once, entries of the same instant too', async () => {
      for (let n = 0; n < 7; n++) {
        const outcome = n === 3 ? 'declined' : 'approved';
        await store().appendAudit(
          audit({ at: at(n < 5 ? 10 : 20 + n), taskId: `t-${n}`, outcome }),
        );
      }
      await store().appendAudit({
        ...notify('t-9', 11),
        action: 'decided_elsewhere',
        outcome: 'approved',
      });
      await store().appendAudit({
        ...notify('t-gone', 12),
        action: 'decided_elsewhere',
        outcome: 'gone',
      });
      await store().appendAudit(audit({ at: at(30), taskId: 't-refused', outcome: 'failed' }));
      await store().appendAudit(audit({ at: at(700), taskId: 't-later' }));
      const marks = await walk((after) => store().decisionMarks(period, after, 2), 2);
      expect(marks.map((m) => m.taskId)).toEqual([
        't-0',
        't-1',
        't-2',
        't-3',
        't-4',
        't-9',
        't-5',
        't-6',
      ]);
    });

    it('counts the period’s rows no further than asked, and what was sent', async () => {
      for (let n = 0; n < 5; n++) await store().appendAudit(audit({ at: at(n), taskId: `t-${n}` }));
      await store().appendAudit({ ...notify('t-1', 3), action: 'remind' });
      await store().appendAudit({ ...notify('t-1', 700), action: 'escalate' });
      expect(await store().countAuditRows(period, 3)).toBe(3);
      expect(await store().countAuditRows(period, 100)).toBe(6);
      expect(await store().countSent(period)).toEqual({ reminders: 1, escalations: 0, nudges: 0 });
    });

    it('says which notified tasks were closed, and finds the tasks decided with another', async () => {
      await store().appendAudit(notify('open', 1));
      await store().appendAudit(notify('decided', 2));
      await store().appendAudit(notify('gone', 3));
      await store().appendAudit(audit({ at: at(4), taskId: 'decided', taskCreatedAt: at(0) }));
      await store().appendAudit({
        ...notify('gone', 5),
        action: 'decided_elsewhere',
        outcome: 'gone',
      });
      const sibling = { ...notify('sibling', 6), action: 'decided_elsewhere' as const };
      await store().appendAudit({
        ...sibling,
        outcome: 'approved',
        decidedBy: 'a-1',
        taskCreatedAt: at(0),
      });
      await store().appendAudit(notify('later', 7));
      const first = await store().openNotifications(at(10), at(10), undefined, 2);
      expect(first.marks.map((m) => m.taskId)).toEqual(['open']);
      const second = await store().openNotifications(at(10), at(10), first.next, 2);
      expect(second.marks.map((m) => m.taskId)).toEqual(['later']);
      const last = await store().openNotifications(at(10), at(10), second.next, 2);
      expect(last).toEqual({ marks: [], next: undefined });
      const siblings = await store().decidedCreatedAt([at(0)], at(10));
      expect(siblings.map((s) => [s.taskId, s.decider]).sort()).toEqual([
        ['decided', 'a-1'],
        ['sibling', 'a-1'],
      ]);
      const entries = await store().taskEntries(['decided', 'open'], at(10));
      expect(entries.map((e) => [e.taskId, e.action])).toEqual([
        ['open', 'notify'],
        ['decided', 'notify'],
        ['decided', 'approve'],
      ]);
    });

    it('gives the same figures of a month’s trail as SQLite in memory', async () => {
      const end = new Date('2026-12-01T00:00:00Z');
      const entries = demoEntries(end, 400);
      for (const entry of entries) await store().appendAudit(entry);
      const month = { since: new Date('2026-11-01T00:00:00Z'), until: end };
      const links = demoLinks();
      for (const link of links) await store().saveLink(link);
      const names = new Map(links.map((l) => [l.accessUserId, l.displayName!]));
      const figures = await figuresOf(store(), month, end);
      expect(figures.decisions.total).toBeGreaterThan(100);
      expect(figures).toEqual(await summarise(entries, month, end, names));
    });
  });
}

/** Each read once, for the closed store's refusal. */
export function reportCalls(store: Store): Promise<unknown>[] {
  return [
    store.countAuditRows(period, 1),
    store.countSent(period),
    store.decisionMarks(period, undefined, 1),
    store.openNotifications(at(1), at(1), undefined, 1),
    store.taskEntries(['t-1'], at(1)),
    store.decidedCreatedAt([at(0)], at(1)),
    store.reviewCampaigns({ ...period, asOf: at(1), dueAfterMs: 0, limit: 1 }),
  ];
}
