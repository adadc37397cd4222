/**
 * The report's figures of questions and absences, counted and ranked in the store (SQL
 * aggregates), so the period is never read into memory.
 */
import { z } from 'zod';
import type { AwayStore, TaskQuestionStore, WaitPeriod } from '../../store/store.ts';
import type { Voice } from '../i18n/voice.ts';
import { Count, Seconds } from './report.ts';
import { duration } from './report-text.ts';

export const AskFigures = z.object({
  questions: z.object({
    asked: Count,
    answered: Count,
    answerMedianSeconds: Seconds,
    answerP90Seconds: Seconds,
  }),
  away: z.object({ tasks: Count, waitMedianSeconds: Seconds, waitP90Seconds: Seconds }),
});
export type AskFigures = z.infer<typeof AskFigures>;

/** The r-7 quantile of `n` ordered values read one rank at a time (as report.ts computes it). */
async function quantileOf(
  n: number,
  q: number,
  at: (rank: number) => Promise<number | undefined>,
): Promise<number | null> {
  if (!n) return null;
  const rank = (n - 1) * q;
  const [low, high] = [Math.floor(rank), Math.ceil(rank)];
  const lowValue = (await at(low)) ?? 0;
  const highValue = high === low ? lowValue : ((await at(high)) ?? lowValue);
  return Math.round(lowValue + (highValue - lowValue) * (rank - low));
}

export async function readAskFigures(
  store: TaskQuestionStore & AwayStore,
  period: { since: Date; until: Date },
  now: Date,
): Promise<AskFigures> {
  const p: WaitPeriod = {
    ...period,
    asOf: new Date(Math.min(period.until.getTime(), now.getTime())),
  };
  const { asked, answered } = await store.countQuestions(p);
  const answerAt = (rank: number) => store.answerWaitAt(p, rank);
  const tasks = await store.countAwayWaits(p);
  const waitAt = (rank: number) => store.awayWaitAt(p, rank);
  return {
    questions: {
      asked,
      answered,
      answerMedianSeconds: await quantileOf(answered, 0.5, answerAt),
      answerP90Seconds: await quantileOf(answered, 0.9, answerAt),
    },
    away: {
      tasks,
      waitMedianSeconds: await quantileOf(tasks, 0.5, waitAt),
      waitP90Seconds: await quantileOf(tasks, 0.9, waitAt),
    },
  };
}

export function askLines(v: Voice, f: AskFigures): string[] {
  const q = f.questions;
  return [
    v.t('report.questions', {
      asked: q.asked,
      answered: q.answered,
      median: duration(v, q.answerMedianSeconds),
      p90: duration(v, q.answerP90Seconds),
    }),
    v.t('report.awayWaits', {
      tasks: f.away.tasks,
      median: duration(v, f.away.waitMedianSeconds),
      p90: duration(v, f.away.waitP90Seconds),
    }),
  ];
}
