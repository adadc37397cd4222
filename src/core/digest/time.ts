/**
 * When a person's digest is due, on their own clock in their zone: on the first poll at or after
 * its time each local day, once (the day sent is stored). A day's time skipped by a clock change
 * comes at the first minute after it; one that happens twice, the first time only. A time already
 * past when it was chosen starts the next day.
 */
import { addDays, dayText, partsAt } from '../away/index.ts';
import type { DigestChoice } from './store.ts';

type Due = Pick<DigestChoice, 'mode' | 'digestTime' | 'chosenAt' | 'sentDay'>;

const minuteOf = (time: string) => {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  return hours * 60 + minutes;
};

/** The local day whose digest is due at `now`, or undefined. */
export function dueDay(choice: Due, now: Date, zone: string): string | undefined {
  if (choice.mode === 'off') return undefined;
  const local = partsAt(now, zone);
  const today = dayText(local.day);
  if (choice.sentDay === today || local.minute < minuteOf(choice.digestTime)) return undefined;
  return startsLater(choice, today, zone) ? undefined : today;
}

/** Chosen on `day` after its time: that day has none. */
function startsLater(choice: Due, day: string, zone: string): boolean {
  const chosen = partsAt(choice.chosenAt, zone);
  return dayText(chosen.day) === day && chosen.minute > minuteOf(choice.digestTime);
}

/** The next instant a digest falls due after `now` (the poller polls them then). */
export function nextDigestAt(choice: Due, now: Date, zone: string): Date | undefined {
  if (choice.mode === 'off') return undefined;
  const local = partsAt(now, zone);
  const today = dayText(local.day);
  const at = minuteOf(choice.digestTime);
  const later = choice.sentDay === today || startsLater(choice, today, zone) || local.minute >= at;
  const day = later ? addDays(local.day, 1) : local.day;
  // The wall-clock time read back through the zone's offset at that instant (twice: a change
  // may lie between); a time a change skips comes out an hour later, when it is due.
  const wall = Date.UTC(day.year, day.month - 1, day.day, Math.floor(at / 60), at % 60);
  const first = wall - partsAt(wall, zone).offset * 60_000;
  return new Date(wall - partsAt(first, zone).offset * 60_000);
}
