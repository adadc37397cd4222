/** Text helpers shared by every reply. */
import type { GroupChange } from '../store/store.ts';
import { inert } from './text.ts';

/** `2026-11-22 14:05 UTC`: one unambiguous format whatever the reader's locale. */
export function formatTime(value: Date | string): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return String(value);
  return `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

/** `3 days`, `5 hours`, `40 minutes`: the largest whole unit, as a person would say it. */
export function formatAge(ms: number): string {
  const minutes = Math.max(0, Math.floor(ms / 60_000));
  if (minutes >= 2 * 24 * 60) return plural(Math.floor(minutes / (24 * 60)), 'day');
  if (minutes >= 2 * 60) return plural(Math.floor(minutes / 60), 'hour');
  return minutes ? plural(minutes, 'minute') : 'less than a minute';
}

export function plural(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}

/** Joins names as "A, B and C". */
export function sentenceList(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

/** "add Grace Hopper to Engineering" / "remove Grace Hopper from Engineering". */
export function changeWords(c: Pick<GroupChange, 'action' | 'groupName'>, target: string): string {
  return c.action === 'group_add'
    ? `add ${target} to ${inert(c.groupName)}`
    : `remove ${target} from ${inert(c.groupName)}`;
}

const zoneFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * The weekday (`Mon`), hour and minute of `at` in an IANA zone, by Intl (which knows every zone
 * and its daylight saving rules); throws a RangeError for a zone it does not know.
 */
export function zoneParts(at: Date, zone: string) {
  let format = zoneFormats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      weekday: 'short',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    zoneFormats.set(zone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(at).map((p) => [p.type, p.value]));
  return {
    weekday: String(parts.weekday),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
  };
}
