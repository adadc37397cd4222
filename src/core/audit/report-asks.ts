/**
 * The insight report's figures of questions and absences, counted and ranked in the store (SQL
 * aggregates: what the period holds is never read into memory): questions asked of requesters in
 * the period, how many were answered and how long the answers took; tasks that began to wait on
 * an approver away in the period, and how long they waited (up to the report's end for those
 * still waiting). Their own section in every format.
 */
import { z } from 'zod';
import type { AwayStore, TaskQuestionStore, WaitPeriod } from '../../store/store.ts';
import type { Voice } from '../i18n/voice.ts';
import { duration } from './report-text.ts';

const Count = z.number().int().nonnegative();
const Seconds = z.number().int().nonnegative().nullable();

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

type Row = [
  section: string,
  key: string,
  name: null,
  count: number | null,
  ...rest: (number | null)[],
];

/** The CSV rows: `questions,asked|answered`, then `away,tasks`, each with its waits. */
export function askRows(f: AskFigures): Row[] {
  const q = f.questions;
  return [
    ['questions', 'asked', null, q.asked],
    ['questions', 'answered', null, q.answered, q.answerMedianSeconds, q.answerP90Seconds],
    ['away', 'tasks', null, f.away.tasks, f.away.waitMedianSeconds, f.away.waitP90Seconds],
  ];
}

/** The lines the chat summary and the page say of them. */
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

/** The page's section: a heading and its two lines, escaped by the page's own `esc`. */
export const askSection = (v: Voice, f: AskFigures, esc: (text: string) => string) =>
  `<h2>${esc(v.t('report.asksHeading'))}</h2>${askLines(v, f)
    .map((line) => `<p>${esc(line)}</p>`)
    .join('')}`;
