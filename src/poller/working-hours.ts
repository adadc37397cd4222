/**
 * When a nudge (a reminder or an escalation) may go out: not during the quiet hours and only on
 * working days, both read in the approver's own time zone (`QUIET_HOURS`, `WORKING_DAYS`,
 * `DEFAULT_TIME_ZONE`). Zone arithmetic is left to Intl, which knows every IANA zone and its
 * daylight saving rules.
 */
import { partsAt, WEEKDAYS } from '../core/away/days.ts';

/** A span of the day, in minutes since local midnight; `from > to` wraps past midnight. */
export interface QuietHours {
  fromMinute: number;
  toMinute: number;
}

export interface WorkingHours {
  /** Unset: no quiet hours. */
  quiet?: QuietHours;
  /** Local weekdays nudges may go out on, 0 = Sunday; unset: every day. */
  days?: ReadonlySet<number>;
  /** The zone of people whose platform tells none. */
  defaultZone: string;
}

export const anyTime: WorkingHours = { defaultZone: 'UTC' };

/** Whether the hours restrict anything at all; if not, no one's time zone needs asking. */
export const restricts = (hours: WorkingHours) =>
  hours.quiet !== undefined || (hours.days !== undefined && hours.days.size < 7);

/** `20:00-08:00` → the quiet span; throws an Error saying what is expected. */
export function parseQuietHours(value: string): QuietHours {
  const match = /^\s*(\d{1,2}):(\d{2})\s*-\s*(\d{1,2}):(\d{2})\s*$/.exec(value);
  const minute = (h?: string, m?: string) =>
    Number(h) <= 23 && Number(m) <= 59 ? Number(h) * 60 + Number(m) : Number.NaN;
  const fromMinute = minute(match?.[1], match?.[2]);
  const toMinute = minute(match?.[3], match?.[4]);
  if (Number.isNaN(fromMinute) || Number.isNaN(toMinute) || fromMinute === toMinute) {
    throw new Error(
      `must be two different times of day such as 20:00-08:00 (24-hour clock; got "${value}")`,
    );
  }
  return { fromMinute, toMinute };
}

/** `Mon-Fri`, `Sun-Thu`, `Mon,Wed,Fri`, `Mon-Wed,Fri` → weekdays; throws on anything else. */
export function parseWorkingDays(value: string): Set<number> {
  const days = new Set<number>();
  const dayOf = (name: string) => WEEKDAYS.indexOf(name.trim().toLowerCase());
  for (const part of value.split(',')) {
    const [first = '', last = first, ...rest] = part.split('-');
    const from = dayOf(first);
    const to = dayOf(last);
    if (from < 0 || to < 0 || rest.length) {
      throw new Error(
        `must be days such as Mon-Fri, Sun-Thu or Mon,Wed,Fri (three-letter names; got "${value}")`,
      );
    }
    // A range may wrap past Saturday: Fri-Mon is Friday to Monday.
    for (let day = from; ; day = (day + 1) % 7) {
      days.add(day);
      if (day === to) break;
    }
  }
  return days;
}

const isQuiet = (quiet: QuietHours | undefined, minute: number) =>
  !!quiet &&
  (quiet.fromMinute < quiet.toMinute
    ? minute >= quiet.fromMinute && minute < quiet.toMinute
    : minute >= quiet.fromMinute || minute < quiet.toMinute);

/** Whether a nudge may go out at `at` to someone in `zone`. */
export function allows(hours: WorkingHours, at: Date, zone: string): boolean {
  if (!restricts(hours)) return true;
  const { weekday, minute } = partsAt(at, zone);
  if (hours.days && !hours.days.has(weekday)) return false;
  return !isQuiet(hours.quiet, minute);
}

/**
 * The first instant from `at` on when a nudge may go out to someone in `zone`: `at` itself in
 * working hours, else the end of the quiet hours or the next working day's start. Each step jumps
 * to one of those and checks again, so a daylight saving change on the way costs a step more.
 */
export function nextOpen(hours: WorkingHours, at: Date, zone: string): Date {
  let next = at;
  for (let step = 0; step < 32 && !allows(hours, next, zone); step++) {
    const { weekday, minute } = partsAt(next, zone);
    const closedDay = hours.days !== undefined && !hours.days.has(weekday);
    const minutes =
      !closedDay && hours.quiet && isQuiet(hours.quiet, minute)
        ? (hours.quiet.toMinute - minute + 1440) % 1440
        : 1440 - minute;
    next = new Date(Math.floor(next.getTime() / 60_000) * 60_000 + minutes * 60_000);
  }
  return next;
}
