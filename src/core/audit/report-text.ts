/**
 * The insight report's own way of saying waits, ages and its period, in the reader's voice; its
 * words are in the catalogs (`report.…`). Data from the audit trail is never put in here: the
 * renderers escape it (HTML) or make it inert (chat) where they place it. The CSV and JSON stay
 * machine-readable: their keys are not words to translate.
 */
import type { Voice } from '../i18n/voice.ts';
import type { AgeBucket } from './report.ts';

/** A wait as people say it: "45 s", "12 min", "3.5 h", "2.1 days"; a dash when there is none. */
export function duration(v: Voice, seconds: number | null): string {
  if (seconds === null) return '–';
  if (seconds < 60) return v.t('report.seconds', { n: seconds });
  if (seconds < 3600) return v.t('report.minutes', { n: Math.round(seconds / 60) });
  const tenths = new Intl.NumberFormat(v.locale, {
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  });
  if (seconds < 86_400) return v.t('report.hours', { n: tenths.format(seconds / 3600) });
  return v.t('report.days', { n: tenths.format(seconds / 86_400) });
}

export const ageLabel = (v: Voice, bucket: AgeBucket) => v.t('report.age', { bucket });

export type Grouping = 'byApplication' | 'byApprover' | 'byTaskType';

/** A task type as people say it ("Access review"); a type accessbot does not know, as given. */
export const typeName = (v: Voice, type: string) => v.t('report.taskType', { type, name: type });

/** The period and when the open tasks were counted, in the reader's zone. */
export const period = (v: Voice, since: string, until: string) =>
  v.t('report.period', { since: v.time(since), until: v.time(until) });
export const made = (v: Voice, at: string) => v.t('report.made', { at: v.time(at) });
