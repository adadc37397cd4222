/**
 * The day of `away until <day>`, read as people write it in each catalog's language and in the
 * order their locale writes numbers, in their own time zone: its next occurrence when the year
 * is left out, the next such weekday, tomorrow, a few days on; nothing for what names no day or
 * names more than one. The period ends
 * when that day starts where the person is, daylight saving or not.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { awayDay, MAX_AWAY_DAYS } from '../../../src/core/away/away.ts';
import { dayText, parseDay, startOf } from '../../../src/core/away/days.ts';
import { catalogs, LANGUAGES } from '../../../src/core/i18n/catalogs.ts';
import { voiceFor } from '../../../src/core/i18n/voice.ts';

/** Sunday 22 November 2026, 9:00 UTC. */
const now = new Date('2026-11-22T09:00:00Z');
const read = (text: string, locale = 'en', zone = 'UTC', at = now) => {
  const day = parseDay(text, at, zone, locale);
  return day && dayText(day);
};

describe('the day of an absence', () => {
  it.each([
    ['2026-12-01', 'en', '2026-12-01'],
    ['Dec 1', 'en', '2026-12-01'],
    ['December 1, 2026', 'en', '2026-12-01'],
    ['1 December 2026', 'en-GB', '2026-12-01'],
    ['12/1/2026', 'en-US', '2026-12-01'],
    ['1/12/2026', 'en-GB', '2026-12-01'],
    ['1.12.2026', 'de', '2026-12-01'],
    ['1.12.', 'de', '2026-12-01'],
    ['1. Dezember', 'de', '2026-12-01'],
    ['3. März 2027', 'de', '2027-03-03'],
    ['2026年12月1日', 'ja', '2026-12-01'],
    ['12月1日', 'ja', '2026-12-01'],
    ['２０２６年１２月１日', 'ja', '2026-12-01'],
    ['2026/12/1', 'ja', '2026-12-01'],
    ['Jan 5', 'en', '2027-01-05'],
    ['Nov 22', 'en', '2027-11-22'],
    ['tomorrow', 'en', '2026-11-23'],
    ['morgen', 'de', '2026-11-23'],
    ['明日', 'ja', '2026-11-23'],
    ['Friday', 'en', '2026-11-27'],
    ['Freitag', 'de', '2026-11-27'],
    ['金曜日', 'ja', '2026-11-27'],
    ['sunday', 'en', '2026-11-29'],
    ['1.12.', 'en', '2026-12-01'],
    ['Freitag', 'en', '2026-11-27'],
    ['next Friday', 'en', '2026-11-27'],
    ['in 3 days', 'en', '2026-11-25'],
    ['übermorgen', 'de', '2026-11-24'],
    // A week from today: the reply names the day, so the person sees what was understood.
    ['next week', 'en', '2026-11-29'],
  ])('reads %s (%s) as %s', (text, locale, day) => {
    expect(read(text, locale)).toBe(day);
  });

  it.each([
    'someday',
    '2026-02-30',
    '31.11.2026',
    'Dec 32',
    '13/13/2026',
    '',
    'December 2026',
    'Friday or so',
    '来週金曜日',
  ])('names no day in "%s"', (text) => {
    expect(read(text)).toBeUndefined();
  });

  it('reads today and tomorrow where the person is, not in UTC', () => {
    // 16:00 UTC on Sunday is already Monday in Tokyo and still Sunday in Los Angeles.
    const late = new Date('2026-11-22T16:00:00Z');
    expect(read('tomorrow', 'ja', 'Asia/Tokyo', late)).toBe('2026-11-24');
    expect(read('tomorrow', 'en', 'America/Los_Angeles', late)).toBe('2026-11-23');
  });

  it('reads today’s weekday and date as their next ones at any hour of today', () => {
    for (const at of ['2026-11-22T00:30:00Z', '2026-11-22T23:30:00Z']) {
      expect(read('Sunday', 'en', 'UTC', new Date(at))).toBe('2026-11-29');
      expect(read('Nov 22', 'en', 'UTC', new Date(at))).toBe('2027-11-22');
    }
  });

  it('ends when the day starts in the person’s zone, across a clock change', () => {
    expect(startOf({ year: 2026, month: 12, day: 1 }, 'Asia/Tokyo').toISOString()).toBe(
      '2026-11-30T15:00:00.000Z',
    );
    expect(startOf({ year: 2026, month: 12, day: 1 }, 'America/New_York').toISOString()).toBe(
      '2026-12-01T05:00:00.000Z',
    );
    // Summer time ends in Berlin on 25 October 2026: the 26th starts at UTC+1.
    expect(startOf({ year: 2026, month: 10, day: 26 }, 'Europe/Berlin').toISOString()).toBe(
      '2026-10-25T23:00:00.000Z',
    );
    expect(startOf({ year: 2026, month: 10, day: 25 }, 'Europe/Berlin').toISOString()).toBe(
      '2026-10-24T22:00:00.000Z',
    );
    // Chile's clocks skip from midnight to 1:00 on 6 September 2026: the day starts at 1:00 (UTC-3).
    expect(startOf({ year: 2026, month: 9, day: 6 }, 'America/Santiago').toISOString()).toBe(
      '2026-09-06T04:00:00.000Z',
    );
  });
});

describe('the examples help and the README give', () => {
  const readme = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');
  const examplesIn = (text: string) =>
    [...text.matchAll(/`away until ([^`<]+)`/g)].map((m) => m[1]!);
  const examples = [
    ...LANGUAGES.flatMap((language) =>
      Object.values(catalogs[language]).flatMap((text) =>
        examplesIn(text).map((day) => [language, day] as const),
      ),
    ),
    ...examplesIn(readme).map((day) => ['en', day] as const),
  ];
  // Before and after the day the examples once named, across a year's turn, and where the day
  // has already turned or has yet to.
  const dates = [
    '2026-11-22T09:00:00Z',
    '2026-12-07T05:00:00Z',
    '2027-02-28T23:30:00Z',
    '2027-12-31T12:00:00Z',
  ];

  it('give some in every language', () => {
    expect(new Set(examples.map(([language]) => language))).toEqual(new Set(LANGUAGES));
  });

  it.each(examples)('take the %s example "%s" on any date', (language, said) => {
    for (const zone of ['UTC', 'Pacific/Kiritimati', 'Pacific/Pago_Pago']) {
      for (const date of dates) {
        const d = { now: () => new Date(date), maxDays: MAX_AWAY_DAYS };
        const day = awayDay(d, voiceFor(language, zone), said);
        expect({ date, zone, accepted: 'year' in day }).toEqual({ date, zone, accepted: true });
      }
    }
  });
});
