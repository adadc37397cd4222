/**
 * Quiet hours and working days on their own, and their configuration (its refusals are in
 * config.test.ts): the values an admin writes, and local time in zones with and without daylight
 * saving time.
 */
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/app/config.ts';
import { english } from '../../src/core/i18n/voice.ts';
import {
  allows,
  nextOpen,
  parseQuietHours,
  parseWorkingDays,
  type WorkingHours,
} from '../../src/poller/working-hours.ts';

const at = (iso: string) => new Date(iso);
const SLACK_ESCALATION = '{"defaultEscalation": {"platform": "slack", "channelId": "C-LEADS"}}';

describe('working hours', () => {
  const nights: WorkingHours = { quiet: parseQuietHours('20:00-08:00'), defaultZone: 'UTC' };

  it('reads quiet hours that wrap past midnight, and ones that do not', () => {
    expect(parseQuietHours('20:00-08:00')).toEqual({ fromMinute: 1200, toMinute: 480 });
    expect(parseQuietHours(' 12:30 - 13:45 ')).toEqual({ fromMinute: 750, toMinute: 825 });
    const lunch: WorkingHours = { quiet: parseQuietHours('12:00-13:00'), defaultZone: 'UTC' };
    expect(allows(lunch, at('2026-11-23T11:59:00Z'), 'UTC')).toBe(true);
    expect(allows(lunch, at('2026-11-23T12:00:00Z'), 'UTC')).toBe(false);
    expect(allows(lunch, at('2026-11-23T13:00:00Z'), 'UTC')).toBe(true);
    expect(allows(nights, at('2026-11-23T19:59:00Z'), 'UTC')).toBe(true);
    expect(allows(nights, at('2026-11-23T20:00:00Z'), 'UTC')).toBe(false);
    expect(allows(nights, at('2026-11-24T07:59:00Z'), 'UTC')).toBe(false);
    expect(allows(nights, at('2026-11-24T08:00:00Z'), 'UTC')).toBe(true);
  });

  it('reads working days as ranges, lists, and ranges that wrap past Saturday', () => {
    expect([...parseWorkingDays('Mon-Fri')].sort()).toEqual([1, 2, 3, 4, 5]);
    expect([...parseWorkingDays('sun-THU')].sort()).toEqual([0, 1, 2, 3, 4]);
    expect([...parseWorkingDays('Mon,Wed,Fri')].sort()).toEqual([1, 3, 5]);
    expect([...parseWorkingDays('Fri-Mon')].sort()).toEqual([0, 1, 5, 6]);
    expect([...parseWorkingDays('Mon-Wed, Fri')].sort()).toEqual([1, 2, 3, 5]);
  });

  it('reads the local day and time in the person’s zone, daylight saving time included', () => {
    // 12:30 UTC is 08:30 on a Wednesday in New York in July (EDT, UTC-4) and 07:30 in December
    // (EST, UTC-5).
    const wednesdayAt = (quiet: string): WorkingHours => ({
      quiet: parseQuietHours(quiet),
      days: parseWorkingDays('Wed'),
      defaultZone: 'UTC',
    });
    expect(allows(wednesdayAt('08:30-08:31'), at('2026-07-01T12:30:00Z'), 'America/New_York')).toBe(
      false,
    );
    expect(allows(wednesdayAt('08:30-08:31'), at('2026-07-01T12:31:00Z'), 'America/New_York')).toBe(
      true,
    );
    expect(allows(wednesdayAt('08:29-08:30'), at('2026-07-01T12:30:00Z'), 'America/New_York')).toBe(
      true,
    );
    expect(allows(nights, at('2026-07-01T12:30:00Z'), 'America/New_York')).toBe(true);
    expect(allows(nights, at('2026-12-02T12:30:00Z'), 'America/New_York')).toBe(false);
    // Friday 23:30 UTC is already Saturday in Tokyo.
    const weekdays: WorkingHours = { days: parseWorkingDays('Mon-Fri'), defaultZone: 'UTC' };
    expect(allows(weekdays, at('2026-11-27T23:30:00Z'), 'UTC')).toBe(true);
    expect(allows(weekdays, at('2026-11-27T23:30:00Z'), 'Asia/Tokyo')).toBe(false);
  });

  it('finds when a nudge held back may go: the end of the quiet hours, or the next working day', () => {
    const office: WorkingHours = {
      quiet: parseQuietHours('20:00-08:00'),
      days: parseWorkingDays('Mon-Fri'),
      defaultZone: 'UTC',
    };
    const now = at('2026-11-24T14:10:30Z');
    expect(nextOpen(office, now, 'UTC')).toBe(now);
    // Tuesday 22:00 in London: Wednesday 08:00 there.
    expect(nextOpen(office, at('2026-11-24T22:00:00Z'), 'Europe/London')).toEqual(
      at('2026-11-25T08:00:00Z'),
    );
    // Friday 21:15 in New York: Monday 08:00 there (EST).
    expect(nextOpen(office, at('2026-11-28T02:15:00Z'), 'America/New_York')).toEqual(
      at('2026-11-30T13:00:00Z'),
    );
    // Saturday night before the clocks go forward in Berlin: Monday 08:00 CEST.
    expect(nextOpen(office, at('2026-03-28T21:00:00Z'), 'Europe/Berlin')).toEqual(
      at('2026-03-30T06:00:00Z'),
    );
  });

  it('says a task’s age in the largest whole unit', () => {
    expect(english.age(40 * 60_000)).toBe('40 minutes');
    expect(english.age(90 * 60_000)).toBe('90 minutes');
    expect(english.age(36 * 3_600_000)).toBe('36 hours');
    expect(english.age(3 * 86_400_000 + 5 * 3_600_000)).toBe('3 days');
    expect(english.age(60_000)).toBe('1 minute');
  });
});

describe('their configuration', () => {
  it('is off unless set, and reads every variable', () => {
    expect(loadConfig({}).poll).toMatchObject({
      escalateAfterMs: 0,
      hours: { quiet: undefined, days: undefined, defaultZone: 'UTC' },
    });
    const config = loadConfig({
      ESCALATE_AFTER: '3d',
      NOTIFY_RULES: SLACK_ESCALATION,
      QUIET_HOURS: '19:00-07:30',
      WORKING_DAYS: 'Sun-Thu',
      DEFAULT_TIME_ZONE: 'Asia/Jerusalem',
    });
    expect(config.poll.escalateAfterMs).toBe(3 * 86_400_000);
    expect(config.poll.hours).toEqual({
      quiet: { fromMinute: 19 * 60, toMinute: 7 * 60 + 30 },
      days: new Set([0, 1, 2, 3, 4]),
      defaultZone: 'Asia/Jerusalem',
    });
    expect(config.notifyRules?.defaultEscalation).toEqual({
      platform: 'slack',
      channelId: 'C-LEADS',
    });
  });
});
