/**
 * Away: a person says `away until <day> [-- note]` (or switches it on in Slack's App Home) and
 * `back`. The day is read in their own time zone and language; the period ends by itself when
 * it comes (its first moment there), or sooner on `back`, and both are audited. While someone is
 * away the poller skips their reminders and tells their tasks' other approvers and escalation
 * channels at once; nobody gains the right to decide their tasks.
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

/** How far ahead `away until` may go. */
export const MAX_AWAY_DAYS = 90;

export interface AwayDeps {
  store: AwayStore & AuditStore;
  log: Logger;
  now: () => Date;
  /** Unset: the change waits for the poller's next sweep. */
  asks?: TellAsks;
}

/** Text as a store keeps it: well-formed, without NUL. */
const storable = (text: string) => text.toWellFormed().replaceAll('\u0000', '').trim();

/** The day `said` names for `v`'s person today, or the reply that says why it is none. */
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

/**
 * `away until <day> [-- note]`, or the App Home's form (`2026-12-01`): away from now until `day`
 * starts in the person's zone.
 */
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

/** `back`: the period that lasts ends now. */
export async function comeBack(d: AwayDeps, link: IdentityLink, v: Voice): Promise<Reply> {
  const ended = await d.store.endAway(link.accessUserId, d.now());
  if (!ended) return info(v, v.t('away.notAway'));
  await changed(d, link, 'back', null, ended.untilDay);
  return success(v, v.t('away.back'));
}

/** The person's period that lasts now, if any. */
export async function awayOf(d: Pick<AwayDeps, 'store' | 'now'>, accessUserId: string) {
  return (await d.store.listAway(d.now())).find((a) => a.accessUserId === accessUserId);
}

/**
 * Ends every period whose day has come: each once, whatever replicas ask, audited as the
 * person's own (`expired`). The periods ended.
 */
export async function expireAways(d: AwayDeps): Promise<Away[]> {
  const ended = await d.store.expireAways(d.now());
  for (const away of ended) await changed(d, away, 'expired', null, away.untilDay);
  return ended;
}

/**
 * An absence begun (`away`), ended (`back`) or ended by its day (`expired`): audited as the
 * person's own, and their tasks' cards and polls told.
 */
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

/** `Tue, Dec 1, 2026`: the day a period ends, as `v` writes it. */
export const untilText = (v: Voice, away: Pick<Away, 'untilDay'>) => v.day(dayOf(away.untilDay));
