/**
 * Access review campaigns, grouped and counted in SQL (docs/report.md#access-review-campaigns):
 * the period's review entries are folded into one row per reviewer and task, then into one row per
 * campaign, so what comes back is the campaigns, never the entries.
 */
import { CampaignRow, type ReportStore } from '../../core/audit/store.ts';
import { rowReader, type SqlDb, sql } from '../sql.ts';

const DAY_MS = 86_400_000;
const toCampaign = rowReader('audit_log', CampaignRow);

export function campaignTables(db: SqlDb): Pick<ReportStore, 'reviewCampaigns'> {
  const ms = (column: string) => db.epochMs(column);
  return {
    async reviewCampaigns({ since, until, asOf, dueAfterMs, limit }) {
      // A task's facts are the same in each of its entries; max() picks the one recorded.
      // Refused or unfinished attempts (`started`) say nothing about the review.
      const rows = await db.all(
        'reviewCampaigns',
        sql`SELECT reviewer, max(app_id) AS app_id, max(app_name) AS app_name, level_name,
                   count(*) AS reviews, sum(kept) AS kept, sum(revoked) AS revoked,
                   sum(CASE WHEN decided_ms > due_ms THEN 1 ELSE 0 END) AS late,
                   sum(CASE WHEN decided_ms IS NULL AND due_ms <= ${asOf.getTime()}
                       THEN 1 ELSE 0 END) AS overdue,
                   min(opened_ms) AS opened_ms, min(due_ms) AS due_ms, max(decided_ms) AS last_ms
            FROM (
              SELECT reviewer, app_key, app_id, app_name, level_name, opened_ms, kept, revoked,
                     decided_ms, COALESCE(given_due_ms, opened_ms + ${dueAfterMs}) AS due_ms
              FROM (
                SELECT access_user_id AS reviewer,
                       COALESCE(max(app_id), max(app_name), '') AS app_key,
                       max(app_id) AS app_id, max(app_name) AS app_name,
                       max(level_name) AS level_name,
                       min(${ms('COALESCE(task_created_at, at)')}) AS opened_ms,
                       min(${ms('task_due_at')}) AS given_due_ms,
                       max(CASE WHEN outcome = 'approved' THEN 1 ELSE 0 END) AS kept,
                       max(CASE WHEN outcome = 'declined' THEN 1 ELSE 0 END) AS revoked,
                       min(CASE WHEN outcome IN ('approved', 'declined') THEN ${ms('at')} END)
                         AS decided_ms
                FROM audit_log ${db.indexedBy('audit_log_reviews')}
                WHERE task_type = 'EntitlementReview' AND at >= ${since} AND at < ${until}
                  AND access_user_id IS NOT NULL
                  AND action IN ('notify', 'remind', 'approve', 'decline', 'decided_elsewhere')
                  AND NOT (action IN ('approve', 'decline')
                    AND outcome NOT IN ('approved', 'declined'))
                GROUP BY access_user_id, task_id
              ) AS task
              WHERE opened_ms >= ${since.getTime()}
            ) AS review
            GROUP BY reviewer, app_key, level_name, opened_ms / ${DAY_MS}
            ORDER BY min(opened_ms), max(app_name), level_name, reviewer
            LIMIT ${limit}`,
      );
      return rows.map(toCampaign);
    },
  };
}
