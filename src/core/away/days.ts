/**
 * The day a person names in `away until <day>` (`2026-12-01`, `12/1/2026`, `1. Dezember`,
 * `金曜日`, `tomorrow`…), read by chrono-node in their zone and every catalog's language.
 */
// Only the catalogs' languages: chrono-node's index loads all of its locales.
import * as de from 'chrono-node/de';
import * as en from 'chrono-node/en';
import * as ja from 'chrono-node/ja';
import { LRUCache } from 'lru-cache';
import { LANGUAGES, type Language } from '../i18n/catalogs.ts';
import { languageOf } from '../i18n/voice.ts';

/** Month 1–12. */
export interface CalendarDay {
  year: number;
  month: number;
  day: number;
}

export const dayText = (d: CalendarDay) =>
  `${String(d.year).padStart(4, '0')}-${String(d.month).padStart(2, '0')}-${String(d.day).padStart(2, '0')}`;

export function dayOf(text: string): CalendarDay {
  const [year, month, day] = text.split('-').map(Number) as [number, number, number];
  return { year, month, day };
}

/** As `Intl` names them in English, lower-cased; 0 = Sunday. */
export const WEEKDAYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'];

/** The date, weekday, time and UTC offset (`GMT+09:00`) of an instant, one format a zone. */
const zoneFormats = new LRUCache<string, Intl.DateTimeFormat>({
  max: 1_000,
  memoMethod: (zone) =>
    new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      weekday: 'short',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      timeZoneName: 'longOffset',
    }),
});

/** `weekday` 0 = Sunday; `minute` of the local day; `offset` from UTC in minutes. */
export function partsAt(at: Date | number, zone: string) {
  const parts = zoneFormats.memo(zone).formatToParts(at);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value;
  const [, sign, hours = 0, minutes = 0] =
    /([+-])(\d+):(\d+)/.exec(part('timeZoneName') ?? '') ?? [];
  const offset = (sign === '-' ? -1 : 1) * (Number(hours) * 60 + Number(minutes));
  const day = {
    year: Number(part('year')),
    month: Number(part('month')),
    day: Number(part('day')),
  };
  const weekday = WEEKDAYS.indexOf(part('weekday')?.toLowerCase() ?? '');
  return { day, offset, weekday, minute: Number(part('hour')) * 60 + Number(part('minute')) };
}

export const localDay = (at: Date, zone: string): CalendarDay => partsAt(at, zone).day;

/** Its first moment, where a clock change skips midnight. */
export function startOf(day: CalendarDay, zone: string): Date {
  const midnight = Date.UTC(day.year, day.month - 1, day.day);
  const first = midnight - partsAt(midnight, zone).offset * 60_000;
  // Once more with the offset at that instant: it differs when a clock change lies between, and
  // the earlier of the two is the evening before where the change skips midnight.
  const second = midnight - partsAt(first, zone).offset * 60_000;
  const early = Math.min(first, second);
  return new Date(isAfter(day, localDay(new Date(early), zone)) ? Math.max(first, second) : early);
}

export const addDays = (d: CalendarDay, days: number): CalendarDay => {
  const t = new Date(Date.UTC(d.year, d.month - 1, d.day + days));
  return { year: t.getUTCFullYear(), month: t.getUTCMonth() + 1, day: t.getUTCDate() };
};

export const daysBetween = (a: CalendarDay, b: CalendarDay) =>
  Math.round((Date.UTC(b.year, b.month - 1, b.day) - Date.UTC(a.year, a.month - 1, a.day)) / 864e5);

export const isAfter = (a: CalendarDay, b: CalendarDay) => daysBetween(b, a) > 0;

/** German also writes a day without its year as `1.12.`, which chrono reads only with one. */
const german = de.casual.clone();
german.parsers.push({
  pattern: () => /(?<!\d)(\d{1,2})\.(\d{1,2})\.(?!\d)/,
  extract: (_context, match) => ({ day: Number(match[1]), month: Number(match[2]) }),
});

/** `12/1/2026`, as en-US writes it. */
function monthFirst(locale: string): boolean {
  const parts = new Intl.DateTimeFormat(locale).formatToParts(Date.UTC(2026, 11, 1));
  return parts.find((p) => p.type === 'month' || p.type === 'day')?.type === 'month';
}

function readers(locale: string): Record<Language, en.Chrono> {
  return {
    en: monthFirst(locale) ? en.casual : en.GB,
    de: german,
    ja: ja.casual,
  };
}

/** Undefined unless the whole text names one day (not a month or a year alone). */
export function parseDay(
  text: string,
  at: Date,
  zone: string,
  locale: string,
): CalendarDay | undefined {
  const said = text.normalize('NFKC').trim();
  // As at the last moment of the person's today: a weekday or a date without its year that is
  // today's means its next one, as people mean it.
  const instant = new Date(startOf(addDays(localDay(at, zone), 1), zone).getTime() - 1);
  const reference = { instant, timezone: partsAt(instant, zone).offset };
  const own = languageOf(locale);
  const byLanguage = readers(locale);
  for (const language of own ? [own, ...LANGUAGES.filter((l) => l !== own)] : LANGUAGES) {
    const [found] = byLanguage[language].parse(said, reference, { forwardDate: true });
    if (found?.text !== said) continue;
    const { start } = found;
    if (!start.isCertain('day') && !start.isCertain('weekday')) return undefined;
    return { year: start.get('year')!, month: start.get('month')!, day: start.get('day')! };
  }
  return undefined;
}
