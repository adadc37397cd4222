/**
 * `away until <day> [-- note]` and `back`: the day is read in the person's zone and language, and
 * the period ends when it starts there. Nobody gains the right to decide their tasks.
 */
import type { Logger } from '../../log.ts';
import type { AuditStore, Away, AwayStore, IdentityLink } from '../../store/store.ts';
import type { TellAsks } from '../asks/index.ts';
import { recordAway } from '../audit/index.ts';
import { flag, type Voice } from '../i18n/voice.ts';
import { nameOf } from '../identity.ts';
import { info, type Reply, success, warning } from '../reply.ts';
import { inert } from '../text.ts';
import { MAX_AWAY_NOTE_LENGTH } from './commands.ts';
import {
  addDays,
  dayOf,
  daysBetween,
  dayText,
  isAfter,
  localDay,
  parseDay,
  startOf,
} from './days.ts';

export const MAX_AWAY_DAYS = 90;

export interface AwayDeps {
  store: AwayStore & AuditStore;
  log: Logger;
  now: () => Date;
  /** Unset: the change waits for the poller's next sweep. */
  asks?: TellAsks;
}

/** A store refuses malformed text and NUL. */
const storable = (text: string) => text.toWellFormed().replaceAll('\u0000', '').trim();

/** The day `said` names, or the reply that says why none. */
export function awayDay(d: Pick<AwayDeps, 'now'>, v: Voice, said: string) {
  const today = localDay(d.now(), v.timeZone);
  const day = parseDay(said, d.now(), v.timeZone, v.locale);
  if (!day) return warning(v, v.t('away.whichDay', { said: inert(said, 60) }));
  if (!isAfter(day, today)) return warning(v, v.t('away.notAhead', { day: v.day(day) }));
  if (daysBetween(today, day) > MAX_AWAY_DAYS) {
    const last = v.day(addDays(today, MAX_AWAY_DAYS));
    return warning(v, v.t('away.tooFar', { max: MAX_AWAY_DAYS, last }));
  }
  return day;
}

export async function goAway(
  d: AwayDeps,
  link: IdentityLink,
  v: Voice,
  said: string,
  note?: string,
): Promise<Reply> {
  const day = awayDay(d, v, said);
  if (!('year' in day)) return day;
  const kept = note ? storable(note) || null : null;
  if (kept && kept.length > MAX_AWAY_NOTE_LENGTH) {
    const tooLong = { what: 'note', length: kept.length, max: MAX_AWAY_NOTE_LENGTH };
    return warning(v, v.t('parse.tooLong', tooLong));
  }
  const away = await d.store.setAway(
    {
      accessUserId: link.accessUserId,
      name: nameOf(link),
      platform: link.platform,
      chatUserId: link.chatUserId,
      note: kept,
      untilDay: dayText(day),
      untilAt: startOf(day, v.timeZone),
    },
    d.now(),
  );
  await changed(d, link, 'away', kept, away.untilDay);
  return success(
    v,
    v.t('away.done', {
      day: v.day(day),
      note: kept ? inert(kept) : '',
      withNote: flag(kept),
    }),
    { title: v.t('away.doneTitle') },
  );
}

export async function comeBack(d: AwayDeps, link: IdentityLink, v: Voice): Promise<Reply> {
  const ended = await d.store.endAway(link.accessUserId, d.now());
  if (!ended) return info(v, v.t('away.notAway'));
  await changed(d, link, 'back', null, ended.untilDay);
  return success(v, v.t('away.back'));
}

export async function awayOf(d: Pick<AwayDeps, 'store' | 'now'>, accessUserId: string) {
  return (await d.store.listAway(d.now())).find((a) => a.accessUserId === accessUserId);
}

/** Each once, whatever replicas ask, audited as the person's own. */
export async function expireAways(d: AwayDeps): Promise<Away[]> {
  const ended = await d.store.expireAways(d.now());
  for (const away of ended) await changed(d, away, 'expired', null, away.untilDay);
  return ended;
}

async function changed(
  d: AwayDeps,
  who: Pick<IdentityLink, 'platform' | 'chatUserId' | 'accessUserId'>,
  outcome: 'away' | 'back' | 'expired',
  note: string | null,
  day: string,
): Promise<void> {
  const action = outcome === 'away' ? 'away' : 'back';
  await recordAway(d, who, { action, outcome, reason: note, detail: day });
  await d.asks?.awayChanged(who.accessUserId);
}

export const untilText = (v: Voice, away: Pick<Away, 'untilDay'>) => v.day(dayOf(away.untilDay));
