/**
 * SQLite's plan of every read of the insight report: each seeks into the audit log through an
 * index and none scans it, so a report's cost follows its period and its pages, not the size of
 * the log. Which index each read takes is the store's business, not this test's.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync, type SQLInputValue } from 'node:sqlite';
import { afterAll, describe, expect, it } from 'vitest';
import { openStore } from '../../src/store/open.ts';
import type { Sql, SqlDb } from '../../src/store/sql.ts';
import { SqliteDb } from '../../src/store/sqlite/db.ts';
import { campaignTables } from '../../src/store/tables/campaigns.ts';
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
    const reads = { ...reportTables(db), ...campaignTables(db) };
    const period = { since: new Date(1), until: new Date(2) };
    const after = { at: new Date(1), id: 1 };
    await reads.countAuditRows(period, 10);
    await reads.countSent(period);
    await reads.decisionMarks(period, after, 10);
    await reads.openNotifications(new Date(2), new Date(2), after, 10);
    await reads.taskEntries(['t-1', 't-2'], new Date(2));
    await reads.decidedCreatedAt([new Date(1)], new Date(2));
    await reads.reviewCampaigns({ ...period, asOf: new Date(2), dueAfterMs: 1, limit: 10 });
    expect([...plans.keys()].sort()).toEqual([
      'countAuditRows',
      'countSent',
      'decidedCreatedAt',
      'decisionMarks',
      'openNotifications',
      'reviewCampaigns',
      'taskEntries',
    ]);
    // Every step that reads the log (as itself or under an alias) seeks: none reads all of it.
    const log = /^(SCAN|SEARCH) (audit_log|n|c)\b/;
    for (const [read, steps] of plans) {
      const onLog = steps.filter((step) => log.test(step));
      expect(onLog, read).not.toEqual([]);
      for (const step of onLog) expect(step, read).toMatch(/^SEARCH /);
    }
  });
});
