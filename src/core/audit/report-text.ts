/** How the insight report says a wait, in the reader's voice (the CSV and JSON keep seconds). */
import type { Voice } from '../i18n/voice.ts';

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
