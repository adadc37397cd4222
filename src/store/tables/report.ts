/**
 * The insight report's reads: counts through indexes and keyset pages, so no statement reads more
 * than a page or the period's rows, and a SQLite store answers others between pages.
 */
import { z } from 'zod';
import {
  type ReportCursor,
  ReportEntry,
  ReportMark,
  type ReportStore,
  Sibling,
} from '../../core/audit/store.ts';
import { join, raw, rowReader, type Sql, type SqlDb, sql } from '../sql.ts';

const toCount = rowReader('audit_log', z.object({ n: z.coerce.number().int() }));
const toActionCount = rowReader(
  'audit_log',
  z.object({ action: z.enum(['remind', 'escalate', 'nudge']), n: z.coerce.number().int() }),
);
const toMark = rowReader('audit_log', ReportMark);
const toEntry = rowReader('audit_log', ReportEntry);
const toSibling = rowReader('audit_log', Sibling);

const DECIDED = raw(`outcome IN ('approved', 'declined')`);
/** A refused or failed attempt through the bot: it says nothing about its task. */
const REFUSED = raw(`action IN ('approve', 'decline') AND outcome NOT IN ('approved', 'declined')`);
const DECIDER = raw(
  `CASE WHEN action = 'decided_elsewhere' THEN decided_by ELSE access_user_id END AS decider`,
);

/** The cursor row's own instant: PostgreSQL keeps microseconds, a Date only milliseconds. */
const instantOf = (cursor: ReportCursor): Sql =>
  sql`COALESCE((SELECT at FROM audit_log WHERE id = ${cursor.id}), ${cursor.at})`;

/** One lower bound, so SQLite seeks straight to the cursor rather than filtering from the start. */
const from = (start: Sql, cursor: ReportCursor | undefined): Sql =>
  cursor ? sql`(at, id) > (${instantOf(cursor)}, ${cursor.id})` : start;
const anyOf = (values: readonly unknown[]) =>
  join(
    values.map((v) => sql`${v}`),
    ', ',
  );

export function reportTables(db: SqlDb): Omit<ReportStore, 'reviewCampaigns'> {
  return {
    async countAuditRows({ since, until }, atMost) {
      const [row] = await db.all(
        'countAuditRows',
        sql`SELECT count(*) AS n FROM (
              SELECT 1 FROM audit_log WHERE at >= ${since} AND at < ${until} LIMIT ${atMost}
            ) AS period`,
      );
      return toCount(row).n;
    },

    async countSent({ since, until }) {
      const rows = await db.all(
        'countSent',
        sql`SELECT action, count(*) AS n FROM audit_log
            WHERE action IN ('remind', 'escalate', 'nudge') AND at >= ${since} AND at < ${until}
            GROUP BY action`,
      );
      const sent = { remind: 0, escalate: 0, nudge: 0 };
      for (const { action, n } of rows.map(toActionCount)) sent[action] = n;
      return { reminders: sent.remind, escalations: sent.escalate, nudges: sent.nudge };
    },

    async decisionMarks({ since, until }, cursor, limit) {
      // The period's rows in order of time (the `at` index ends in the id), the decisions kept:
      // all three actions in one walk, so a decision's entries mostly share a page.
      const rows = await db.all(
        'decisionMarks',
        sql`SELECT id, at, task_id FROM audit_log ${db.indexedBy('audit_log_at')}
            WHERE ${from(sql`at >= ${since}`, cursor)} AND at < ${until}
              AND action IN ('approve', 'decline', 'decided_elsewhere') AND ${DECIDED}
            ORDER BY at, id LIMIT ${limit}`,
      );
      return rows.map(toMark);
    },

    async openNotifications(before, until, cursor, limit) {
      const notified = sql`action = 'notify' AND at < ${before}`;
      const [last] = await db.all(
        'openNotifications',
        sql`SELECT id, at, task_id FROM audit_log
            WHERE ${notified} AND ${from(raw('1 = 1'), cursor)}
            ORDER BY at, id LIMIT 1 OFFSET ${limit - 1}`,
      );
      const next = last && toMark(last);
      // The page's last instant bounds the index range: the check below runs on this page only.
      const upTo = next
        ? sql`action = 'notify' AND at <= ${instantOf(next)} AND (at, id) <= (${instantOf(next)}, ${next.id})`
        : notified;
      // A scalar subquery fenced by the page's LIMIT: for an EXISTS (a join) PostgreSQL would
      // hash every closing entry of the log for each page.
      const rows = await db.all(
        'openNotifications',
        sql`SELECT id, at, task_id FROM (
              SELECT id, at, task_id, (
                  SELECT 1 FROM audit_log c ${db.indexedBy('audit_log_task_action')}
                  WHERE c.task_id = n.task_id AND c.at < ${until}
                    AND (c.action = 'decided_elsewhere'
                      OR (c.action IN ('approve', 'decline')
                        AND c.outcome IN ('approved', 'declined')))
                  LIMIT 1
                ) IS NOT NULL AS closed
              FROM audit_log n
              WHERE ${upTo} AND ${from(raw('1 = 1'), cursor)}
              LIMIT ${limit}
            ) AS page
            WHERE NOT closed
            ORDER BY at, id`,
      );
      return { marks: rows.map(toMark), next: next && { at: next.at, id: next.id } };
    },

    async taskEntries(taskIds, until) {
      if (!taskIds.length) return [];
      const rows = await db.all(
        'taskEntries',
        sql`SELECT id, at, task_id, action, outcome, task_created_at, app_name, task_type, ${DECIDER}
            FROM audit_log
            WHERE task_id IN (${anyOf(taskIds)}) AND at < ${until} AND NOT (${REFUSED})
            ORDER BY id`,
      );
      return rows.map(toEntry);
    },

    async decidedCreatedAt(instants, until) {
      if (!instants.length) return [];
      const rows = await db.all(
        'decidedCreatedAt',
        sql`SELECT DISTINCT task_id, outcome, task_created_at, ${DECIDER}
            FROM audit_log ${db.indexedBy('audit_log_task_created')}
            WHERE task_created_at IS NOT NULL AND task_created_at IN (${anyOf(instants)})
              AND at < ${until}
              AND action IN ('approve', 'decline', 'decided_elsewhere') AND ${DECIDED}`,
      );
      return rows.map(toSibling);
    },
  };
}
