/**
 * SQLite's plan of every read of the insight report: each seeks through an index (the report's
 * own, version 24, where it needs one) and none scans the audit log, so a report's cost follows
 * its period and its pages, not the size of the log.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync, type SQLInputValue } from 'node:sqlite';
import { afterAll, describe, expect, it } from 'vitest';
import { openStore } from '../../src/store/open.ts';
import type { Sql, SqlDb } from '../../src/store/sql.ts';
import { SqliteDb } from '../../src/store/sqlite/db.ts';
import { reportTables } from '../../src/store/tables/report.ts';

const dir = mkdtempSync(join(tmpdir(), 'accessbot-report-plan-'));
const file = join(dir, 'plan.db');
await (await openStore(`sqlite:${file}`)).close();
const raw = new DatabaseSync(file);
afterAll(() => {
  raw.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The plan SQLite makes of each statement the reads send. */
function planned(): { db: SqlDb; plans: Map<string, string[]> } {
  const plans = new Map<string, string[]>();
  const db = new SqliteDb(raw);
  const all = db.all.bind(db);
  db.all = (operation: string, statement: Sql) => {
    const values = statement.values.map((v) => (v instanceof Date ? v.getTime() : v));
    const rows = raw
      .prepare(`EXPLAIN QUERY PLAN ${statement.text(() => '?')}`)
      .all(...(values as SQLInputValue[])) as { detail: string }[];
    // A read of two statements shows both plans, one after the other.
    plans.set(operation, [...(plans.get(operation) ?? []), ...rows.map((r) => r.detail)]);
    return all(operation, statement);
  };
  return { db, plans };
}

describe('the report’s reads on SQLite', () => {
  it('seek through indexes, and never scan the audit log', async () => {
    const { db, plans } = planned();
    const reads = reportTables(db);
    const period = { since: new Date(1), until: new Date(2) };
    const after = { at: new Date(1), id: 1 };
    await reads.countAuditRows(period, 10);
    await reads.countSent(period);
    await reads.decisionMarks(period, after, 10);
    await reads.openNotifications(new Date(2), new Date(2), after, 10);
    await reads.taskEntries(['t-1', 't-2'], new Date(2));
    await reads.decidedCreatedAt([new Date(1)], new Date(2));
    expect(Object.fromEntries(plans)).toEqual({
      countAuditRows: expect.arrayContaining([expect.stringContaining('INDEX audit_log_at')]),
      countSent: [expect.stringMatching(/COVERING INDEX audit_log_action_at \(action=\? AND at>/)],
      decisionMarks: [expect.stringMatching(/INDEX audit_log_at \(at>\? AND at<\?\)/)],
      openNotifications: [
        expect.stringMatching(/COVERING INDEX audit_log_action_at \(action=\? AND at>\? AND at</),
        'CO-ROUTINE page',
        expect.stringMatching(/COVERING INDEX audit_log_action_at \(action=\? AND at>\? AND at</),
        'CORRELATED SCALAR SUBQUERY 1',
        expect.stringContaining('COVERING INDEX audit_log_task_action (task_id=?)'),
        // The page of at most 1,000 notifications, not the log.
        'SCAN page',
        expect.stringContaining('ORDER BY'),
      ],
      taskEntries: [
        expect.stringContaining('INDEX audit_log_task_id_at (task_id=?'),
        expect.stringContaining('ORDER BY'),
      ],
      decidedCreatedAt: [
        expect.stringContaining('INDEX audit_log_task_created (task_created_at=?)'),
        expect.stringContaining('DISTINCT'),
      ],
    });
    for (const steps of plans.values()) {
      for (const step of steps) expect(step).not.toMatch(/^SCAN (audit_log|n|c)\b/);
    }
  });
});
