/**
 * People away and the tasks that waited on them. A period ends once, by a conditional update, so
 * one replica audits it; waits keep whole seconds, so the report ranks them in SQL.
 */
import { z } from 'zod';
import { Away, AwayAsked, AwayOn, type AwayStore, AwayWait } from '../../core/away/store.ts';
import type { WaitPeriod } from '../records.ts';
import { checkedInput, insert, rowReader, type Sql, type SqlDb, sql } from '../sql.ts';

const toAway = rowReader('away', Away);
const toWait = rowReader('away_waits', AwayWait);
const toAwayOn = rowReader('away_waits', AwayOn);
const toCount = rowReader('away_waits', z.object({ n: z.coerce.number().int() }));
const toSeconds = rowReader('away_waits', z.object({ waited: z.coerce.number().int() }));
const Waits = z.array(z.object({ taskId: z.string().min(1), subject: z.string().min(1) }));

const second = (at: Date) => Math.floor(at.getTime() / 1000);
const startedIn = (p: WaitPeriod): Sql => sql`started_at >= ${p.since} AND started_at < ${p.until}`;
const lasting = (now: Date) => sql`ended_at IS NULL AND until_at > ${now}`;

export function awayTables(db: SqlDb): AwayStore {
  const waitsOf = async (away: Away, taskIds: readonly string[]) => {
    const rows = await db.all(
      'awayWaits',
      sql`SELECT * FROM away_waits
          WHERE access_user_id = ${away.accessUserId} AND away_since_at = ${away.sinceAt}
            AND task_id IN (SELECT value FROM ${db.list(taskIds)})`,
    );
    return rows.map(toWait);
  };
  return {
    async setAway(away, now) {
      const valid = checkedInput(AwayAsked, away, 'the away period');
      const row = { ...valid, sinceAt: now, endedAt: null };
      // A period that lasts keeps its start: its waits stay one wait each.
      const [stored] = await db.all(
        'setAway',
        sql`${insert('away', row)} ON CONFLICT (access_user_id) DO UPDATE SET
              name = excluded.name, note = excluded.note, until_day = excluded.until_day,
              until_at = excluded.until_at,
              since_at = CASE WHEN away.ended_at IS NULL AND away.until_at > ${now}
                              THEN away.since_at ELSE excluded.since_at END,
              ended_at = NULL
            RETURNING *`,
      );
      return toAway(stored);
    },

    async endAway(accessUserId, now) {
      const [row] = await db.all(
        'endAway',
        sql`UPDATE away SET ended_at = ${now}
            WHERE access_user_id = ${accessUserId} AND ${lasting(now)}
            RETURNING *`,
      );
      return row && toAway(row);
    },

    async expireAways(now) {
      const rows = await db.all(
        'expireAways',
        sql`UPDATE away SET ended_at = until_at
            WHERE ended_at IS NULL AND until_at <= ${now}
            RETURNING *`,
      );
      return rows.map(toAway);
    },

    async listAway(now) {
      const rows = await db.all('listAway', sql`SELECT * FROM away WHERE ${lasting(now)}`);
      return rows.map(toAway);
    },

    async noteAwayWaits(away, waits, now) {
      const valid = checkedInput(Waits, waits, 'the waits');
      if (!valid.length) return [];
      const base = {
        accessUserId: away.accessUserId,
        awaySinceAt: away.sinceAt,
        startedAt: now,
        startedSecond: second(now),
      };
      await db.batch(
        'noteAwayWaits',
        valid.map((w) => sql`${insert('away_waits', { ...w, ...base })} ON CONFLICT DO NOTHING`),
      );
      return waitsOf(
        away,
        valid.map((w) => w.taskId),
      );
    },

    async markAwayWaitsTold(away, taskIds, now) {
      if (!taskIds.length) return;
      await db.run(
        'markAwayWaitsTold',
        sql`UPDATE away_waits SET told_at = ${now}
            WHERE access_user_id = ${away.accessUserId} AND away_since_at = ${away.sinceAt}
              AND task_id IN (SELECT value FROM ${db.list(taskIds)}) AND told_at IS NULL`,
      );
    },

    async openAwayWaits(accessUserId) {
      const rows = await db.all(
        'openAwayWaits',
        sql`SELECT * FROM away_waits WHERE access_user_id = ${accessUserId} AND ended_at IS NULL`,
      );
      return rows.map(toWait);
    },

    async endAwayWaits(accessUserId, now, keep) {
      const rows = await db.all(
        'endAwayWaits',
        sql`UPDATE away_waits SET ended_at = ${now}, wait_seconds = ${second(now)} - started_second
            WHERE access_user_id = ${accessUserId} AND ended_at IS NULL
              AND task_id NOT IN (SELECT value FROM ${db.list(keep)})
            RETURNING *`,
      );
      return rows.map(toWait);
    },

    async awayOn(subjects) {
      if (!subjects.length) return [];
      const rows = await db.all(
        'awayOn',
        sql`SELECT w.subject, w.task_id, w.access_user_id, a.name, a.note, a.until_day
            FROM away_waits w JOIN away a
              ON a.access_user_id = w.access_user_id AND a.since_at = w.away_since_at
            WHERE w.subject IN (SELECT value FROM ${db.list(subjects)})
              AND w.ended_at IS NULL AND a.ended_at IS NULL
            ORDER BY a.name, w.task_id`,
      );
      return rows.map(toAwayOn);
    },

    async countAwayWaits(period) {
      const [row] = await db.all(
        'countAwayWaits',
        sql`SELECT count(*) AS n FROM away_waits WHERE ${startedIn(period)}`,
      );
      return toCount(row).n;
    },

    async awayWaitAt(period, rank) {
      const asOf = second(period.asOf);
      const waited = sql`coalesce(wait_seconds, ${asOf} - started_second)`;
      const [row] = await db.all(
        'awayWaitAt',
        sql`SELECT ${waited} AS waited FROM away_waits WHERE ${startedIn(period)}
            ORDER BY ${waited} LIMIT 1 OFFSET ${rank}`,
      );
      return row && Math.max(0, toSeconds(row).waited);
    },
  };
}
