/**
 * Access review campaigns in the report (docs/report.md#access-review-campaigns): one reviewer's
 * reviews of one application and level opened on the same day (UTC), grouped and counted by the
 * store; here only named, dated and given their status.
 */
import { z } from 'zod';
import type { ReportStore } from '../../store/store.ts';
import type { Voice } from '../i18n/voice.ts';
import { Count, type ReportPeriod, Seconds } from './report.ts';

/** The most a report lists: the oldest first, and whether more were left out. */
export const MAX_CAMPAIGNS = 500;
const DAY_MS = 86_400_000;

export const CampaignStatus = z.enum(['on_time', 'late', 'open', 'overdue']);
export type CampaignStatus = z.infer<typeof CampaignStatus>;

const Instant = z.iso.datetime();

export const Campaign = z.object({
  application: z.string().nullable(),
  applicationId: z.string().nullable(),
  level: z.string().nullable(),
  reviewer: z.string().nullable(),
  reviewerId: z.string(),
  /** Its first review's opening. */
  opened: Instant,
  /** Its earliest review's due date. */
  due: Instant,
  /** Its last decision, if any yet. */
  lastDecided: Instant.nullable(),
  reviews: Count,
  kept: Count,
  revoked: Count,
  undecided: Count,
  /** Decided after their due date. */
  late: Count,
  /**
   * Every review decided: `on_time` or `late` (one or more after its due date); else `overdue`
   * (one or more undecided past its due date) or `open`.
   */
  status: CampaignStatus,
  /** From the first opening to the last decision, once every review is decided. */
  durationSeconds: Seconds,
});
export type Campaign = z.infer<typeof Campaign>;

export const Campaigns = z.object({ list: z.array(Campaign), more: z.boolean() });
export type Campaigns = z.infer<typeof Campaigns>;

const iso = (ms: number) => new Date(ms).toISOString();

/** `names` of reviewers by Access user id; `dueDays`: REVIEW_DUE_DAYS. */
export async function readCampaigns(
  store: Pick<ReportStore, 'reviewCampaigns'>,
  period: ReportPeriod,
  now: Date,
  dueDays: number,
  names: ReadonlyMap<string, string>,
): Promise<Campaigns> {
  const asOf = new Date(Math.min(period.until.getTime(), now.getTime()));
  const rows = await store.reviewCampaigns({
    ...period,
    asOf,
    dueAfterMs: dueDays * DAY_MS,
    limit: MAX_CAMPAIGNS + 1,
  });
  const list = rows.slice(0, MAX_CAMPAIGNS).map((row): Campaign => {
    const undecided = Math.max(0, row.reviews - row.kept - row.revoked);
    const done = undecided === 0;
    const status = done ? (row.late ? 'late' : 'on_time') : row.overdue ? 'overdue' : 'open';
    return {
      application: row.appName,
      applicationId: row.appId,
      level: row.levelName,
      reviewer: names.get(row.reviewer) ?? null,
      reviewerId: row.reviewer,
      opened: iso(row.openedMs),
      due: iso(row.dueMs),
      lastDecided: row.lastMs === null ? null : iso(row.lastMs),
      reviews: row.reviews,
      kept: row.kept,
      revoked: row.revoked,
      undecided,
      late: row.late,
      status,
      durationSeconds:
        done && row.lastMs !== null
          ? Math.max(0, Math.round((row.lastMs - row.openedMs) / 1000))
          : null,
    };
  });
  return { list, more: rows.length > MAX_CAMPAIGNS };
}

/** The chat report's one line about them. */
export function campaignLine(v: Voice, c: Campaigns): string {
  const count = (status: CampaignStatus) => c.list.filter((x) => x.status === status).length;
  return v.t('report.campaigns', {
    any: c.list.length ? 'yes' : 'no',
    count: c.list.length,
    reviews: c.list.reduce((n, x) => n + x.reviews, 0),
    onTime: count('on_time'),
    late: count('late'),
    open: count('open'),
    overdue: count('overdue'),
  });
}
