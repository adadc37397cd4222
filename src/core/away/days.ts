/**
 * The day a person names in `away until <day>`, read in their own time zone and language, and
 * the instant it starts there (when the away period ends). Understood whatever language the
 * person reads: ISO (`2026-12-01`), numbers in the order their locale writes them (`1.12.2026`,
 * `12/1/2026`, `2026/12/1`, `2026年12月1日`, `12月1日`), month names of every catalog's language
 * (`Dec 1`, `1 December 2026`, `1. Dezember`), weekdays (`Friday`, `Freitag`, `金曜日`: the next
 * one) and `tomorrow` (`morgen`, `明日`). A day without a year is its next occurrence.
 */
import { LANGUAGES } from '../i18n/catalogs.ts';

/** A calendar day: year, month (1–12), day of the month. */
export interface CalendarDay {
  year: number;
  month: number;
  day: number;
}

export const dayText = (d: CalendarDay) =>
  `${String(d.year).padStart(4, '0')}-${String(d.month).padStart(2, '0')}-${String(d.day).padStart(2, '0')}`;

/** `2026-12-01` as a calendar day. */
export function dayOf(text: string): CalendarDay {
  const [year, month, day] = text.split('-').map(Number) as [number, number, number];
  return { year, month, day };
}

const isDay = ({ year, month, day }: CalendarDay) => {
  const d = new Date(Date.UTC(year, month - 1, day));
  return d.getUTCFullYear() === year && d.getUTCMonth() === month - 1 && d.getUTCDate() === day;
};

const partsFormat = new Map<string, Intl.DateTimeFormat>();

/** The calendar day `at` is in `zone`, and its weekday (0 = Sunday). */
export function localDay(at: Date, zone: string): CalendarDay & { weekday: number } {
  let format = partsFormat.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
      hourCycle: 'h23',
    });
    partsFormat.set(zone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(at).map((p) => [p.type, p.value]));
  const day = { year: Number(parts.year), month: Number(parts.month), day: Number(parts.day) };
  const weekday = new Date(Date.UTC(day.year, day.month - 1, day.day)).getUTCDay();
  return { ...day, weekday };
}

/** How far `zone`'s clock is ahead of UTC at `at`, in milliseconds. */
function offsetAt(at: Date, zone: string): number {
  const { year, month, day } = localDay(at, zone);
  const format = partsFormat.get(zone)!;
  const parts = Object.fromEntries(format.formatToParts(at).map((p) => [p.type, p.value]));
  const local = Date.UTC(
    year,
    month - 1,
    day,
    Number(parts.hour),
    Number(parts.minute),
    Number(parts.second),
  );
  return local - Math.floor(at.getTime() / 1000) * 1000;
}

/** The instant `day` starts in `zone` (its first moment, where a clock change skips midnight). */
export function startOf(day: CalendarDay, zone: string): Date {
  const midnight = Date.UTC(day.year, day.month - 1, day.day);
  let at = midnight - offsetAt(new Date(midnight), zone);
  // Once more with the offset at that instant: it differs when a clock change lies between.
  at = midnight - offsetAt(new Date(at), zone);
  return new Date(at);
}

export const addDays = (d: CalendarDay, days: number): CalendarDay => {
  const t = new Date(Date.UTC(d.year, d.month - 1, d.day + days));
  return { year: t.getUTCFullYear(), month: t.getUTCMonth() + 1, day: t.getUTCDate() };
};

const compare = (a: CalendarDay, b: CalendarDay) =>
  a.year - b.year || a.month - b.month || a.day - b.day;

/** Days from `a` to `b`. */
export const daysBetween = (a: CalendarDay, b: CalendarDay) =>
  Math.round((Date.UTC(b.year, b.month - 1, b.day) - Date.UTC(a.year, a.month - 1, a.day)) / 864e5);

/** Lower-case, without dots and accents: `Dez.` and `dez` are one word, as `März` and `marz`. */
const fold = (word: string) =>
  word.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\.$/, '');

/** Month and weekday names of every catalog's language, long and short: `dezember` → 12. */
const names = (() => {
  const months = new Map<string, number>();
  const weekdays = new Map<string, number>();
  for (const language of LANGUAGES) {
    for (const width of ['long', 'short'] as const) {
      const month = new Intl.DateTimeFormat(language, { month: width, timeZone: 'UTC' });
      const weekday = new Intl.DateTimeFormat(language, { weekday: width, timeZone: 'UTC' });
      for (let m = 1; m <= 12; m++) months.set(fold(month.format(Date.UTC(2026, m - 1, 1))), m);
      // 2026-11-01 is a Sunday.
      for (let w = 0; w < 7; w++) weekdays.set(fold(weekday.format(Date.UTC(2026, 10, 1 + w))), w);
    }
  }
  // Short forms people write that Intl spells otherwise.
  for (const [word, m] of [
    ['sept', 9],
    ['mrz', 3],
    ['marz', 3],
  ] as const)
    months.set(word, m);
  for (const [word, w] of [
    ['tues', 2],
    ['thur', 4],
    ['thurs', 4],
  ] as const)
    weekdays.set(word, w);
  return { months, weekdays };
})();

const TOMORROW = new Set(['tomorrow', 'morgen', '明日', 'あした', 'あす']);

/** Whether the locale writes numeric dates month first (`12/1/2026`, as en-US does). */
function monthFirst(locale: string): boolean {
  const parts = new Intl.DateTimeFormat(locale, { timeZone: 'UTC' }).formatToParts(
    Date.UTC(2026, 11, 1),
  );
  const order = parts.filter((p) => p.type === 'month' || p.type === 'day').map((p) => p.type);
  return order[0] === 'month';
}

/** The day, or undefined when the text names none. `today` is the person's day now. */
export function parseDay(
  text: string,
  today: CalendarDay & { weekday: number },
  locale: string,
): CalendarDay | undefined {
  const said = text.normalize('NFKC').trim().replace(/\s+/g, ' ');
  const lower = fold(said);
  if (TOMORROW.has(lower)) return addDays(today, 1);
  // The next such weekday, a week on if it is today's.
  const weekday = names.weekdays.get(lower.replace(/曜日?$/, '曜日')) ?? names.weekdays.get(lower);
  if (weekday !== undefined) return addDays(today, ((weekday - today.weekday + 6) % 7) + 1);
  const found = numeric(said, locale) ?? named(said);
  if (!found) return undefined;
  const { year, month, day } = found;
  if (year !== undefined) {
    const full = year < 100 ? 2000 + year : year;
    const d = { year: full, month, day };
    return isDay(d) ? d : undefined;
  }
  // No year: this year's, or next year's once this year's has passed.
  const thisYear = { year: today.year, month, day };
  const next = compare(thisYear, today) > 0 ? thisYear : { ...thisYear, year: today.year + 1 };
  return isDay(next) ? next : undefined;
}

type Found = { year?: number; month: number; day: number };

function numeric(said: string, locale: string): Found | undefined {
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(said);
  if (iso) return { year: +iso[1]!, month: +iso[2]!, day: +iso[3]! };
  const cjk = /^(?:(\d{4})年)?(\d{1,2})月(\d{1,2})日?$/.exec(said);
  if (cjk) return { year: cjk[1] ? +cjk[1] : undefined, month: +cjk[2]!, day: +cjk[3]! };
  const yearFirst = /^(\d{4})[/.](\d{1,2})[/.](\d{1,2})$/.exec(said);
  if (yearFirst) return { year: +yearFirst[1]!, month: +yearFirst[2]!, day: +yearFirst[3]! };
  // German `1.12.2026` or `1.12.`: always day first.
  const dotted = /^(\d{1,2})\.(\d{1,2})\.(\d{2}|\d{4})?$/.exec(said);
  if (dotted) {
    return { year: dotted[3] ? +dotted[3] : undefined, month: +dotted[2]!, day: +dotted[1]! };
  }
  const slashed = /^(\d{1,2})\/(\d{1,2})(?:\/(\d{2}|\d{4}))?$/.exec(said);
  if (!slashed) return undefined;
  const [a, b] = [+slashed[1]!, +slashed[2]!];
  const year = slashed[3] ? +slashed[3] : undefined;
  return monthFirst(locale) ? { year, month: a, day: b } : { year, month: b, day: a };
}

/** `Dec 1`, `December 1, 2026`, `1 Dec`, `1. Dezember 2026`. */
function named(said: string): Found | undefined {
  const words = said.replace(/,/g, ' ').split(' ').filter(Boolean);
  if (words.length < 2 || words.length > 3) return undefined;
  const number = (w: string) => (/^\d{1,4}\.?$/.test(w) ? Number(w.replace('.', '')) : undefined);
  const month = (w: string) => names.months.get(fold(w));
  const [first = '', second = '', third] = words;
  const year = third === undefined ? undefined : number(third);
  if (third !== undefined && (year === undefined || year < 1000)) return undefined;
  const m1 = month(first);
  const d2 = number(second);
  if (m1 !== undefined && d2 !== undefined) return { year, month: m1, day: d2 };
  const d1 = number(first);
  const m2 = month(second);
  if (d1 !== undefined && m2 !== undefined) return { year, month: m2, day: d1 };
  return undefined;
}

export const isAfter = (a: CalendarDay, b: CalendarDay) => compare(a, b) > 0;
