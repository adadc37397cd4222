/**
 * The report's pages advance in the database's own precision: thousands of rows stamped in one
 * instant — on PostgreSQL one microsecond, finer than a JavaScript Date holds — are each read
 * once, and the walk ends. Each walk is given a bounded number of pages, so a cursor that stands
 * still fails the test instead of hanging it.
 */
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { readReport } from '../../src/core/audit/report-read.ts';
import { openStore } from '../../src/store/open.ts';
import type { ReportCursor, ReportPage, Store } from '../../src/store/store.ts';
import { usePostgresSchema } from '../helpers/postgres.ts';
import { audit } from './contract.ts';

const ROWS = 2_400;
const PAGE = 500;
const INSTANT = new Date('2026-11-02T09:10:00.123Z');
/** The same instant as PostgreSQL may keep it: 456 microseconds past the Date. */
const MICROSECOND_INSTANT = '2026-11-02T09:10:00.123456Z';
const period = {
  since: new Date('2026-11-02T09:00:00Z'),
  until: new Date('2026-11-02T10:00:00Z'),
};

const decided = (n: number) => audit({ at: INSTANT, taskId: `decided-${n}` });
const notified = (n: number) => ({
  ...audit({ at: INSTANT, taskId: `open-${n}` }),
  action: 'notify' as const,
  outcome: 'queued' as const,
});

/** Every id a walk gives, and whether it ended within the pages `ROWS` needs and one more. */
async function walk(read: (after: ReportCursor | undefined) => Promise<ReportPage>) {
  const ids: number[] = [];
  let after: ReportCursor | undefined;
  for (let page = 0; page <= ROWS / PAGE + 1; page++) {
    const got = await read(after);
    ids.push(...got.marks.map((m) => m.id));
    after = got.next;
    if (!after) return { ids, ended: true };
  }
  return { ids, ended: false };
}

const decisionPage = (store: Store) => async (after: ReportCursor | undefined) => {
  const marks = await store.decisionMarks(period, after, PAGE);
  const last = marks.at(-1);
  return { marks, next: marks.length < PAGE || !last ? undefined : { at: last.at, id: last.id } };
};

async function expectEveryRowOnce(store: Store) {
  const decisions = await walk(decisionPage(store));
  expect(decisions.ended).toBe(true);
  expect(new Set(decisions.ids).size).toBe(ROWS);
  expect(decisions.ids).toHaveLength(ROWS);
  const open = await walk((after) =>
    store.openNotifications(period.until, period.until, after, PAGE),
  );
  expect(open.ended).toBe(true);
  expect(new Set(open.ids).size).toBe(ROWS);
  expect(open.ids).toHaveLength(ROWS);
  const report = await readReport(store, period, period.until);
  expect(report.decisions.total).toBe(ROWS);
  expect(report.openTasks.total).toBe(ROWS);
}

describe('the report’s pages over rows of one instant', () => {
  it('on SQLite: every row once, and the walk ends', async () => {
    const store = await openStore('sqlite::memory:');
    for (let n = 0; n < ROWS; n++) {
      await store.appendAudit(decided(n));
      await store.appendAudit(notified(n));
    }
    await expectEveryRowOnce(store);
    await store.close();
  });

  describe.skipIf(!process.env.TEST_DATABASE_URL)('on PostgreSQL (TEST_DATABASE_URL)', () => {
    const schema = usePostgresSchema('report_instant');

    it('one microsecond-instant, finer than a Date: every row once, and the walk ends', async () => {
      const store = await openStore(schema.url);
      await store.appendAudit(decided(0));
      await store.appendAudit(notified(0));
      const admin = new pg.Pool({ connectionString: schema.url });
      // The two rows, copied ROWS times each in one statement, all at one microsecond.
      await admin.query(
        `INSERT INTO audit_log (at, platform, chat_user_id, access_user_id, task_id, action, outcome)
           SELECT $1::timestamptz, platform, chat_user_id, access_user_id,
                  task_id || '-' || g, action, outcome
           FROM audit_log, generate_series(1, $2::int) AS g`,
        [MICROSECOND_INSTANT, ROWS],
      );
      await admin.query(`DELETE FROM audit_log WHERE task_id IN ('decided-0', 'open-0')`);
      const { rows } = await admin.query<{ n: string }>(
        `SELECT count(DISTINCT at) AS n FROM audit_log`,
      );
      expect(rows[0]?.n).toBe('1');
      await admin.end();
      await expectEveryRowOnce(store);
      await store.close();
    });
  });
});
