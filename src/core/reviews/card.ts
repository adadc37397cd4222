/**
 * The review card: an approver's access reviews of one application and level in one message —
 * how many of the round are reviewed and when they are due, in the approver's own voice and time
 * zone, then the first page of people with Keep and Revoke and "everyone left" (messages.ts), and
 * how to see the rest. Also what its reminders and its escalation say.
 */
import { dayText, localDay } from '../away/index.ts';
import { flag, type Voice } from '../i18n/voice.ts';
import { info, type Reply, success, warning } from '../reply.ts';
import { inert } from '../text.ts';
import type { RowDefaults } from './defaults.ts';
import type { ReviewGroup } from './groups.ts';
import { groupLabel, groupPage } from './messages.ts';

export interface CardState {
  /** The reviews of the group still waiting for the approver (none: the card is done). */
  group: ReviewGroup;
  /** How many reviews the card's round held in all. */
  total: number;
  /** When they are due (ISO), where known. */
  due: string | undefined;
  /** A card with none left: the reviews its round held, no longer waiting. */
  decided?: readonly string[];
  /** The groups that give each shown row's person the access by default, where known. */
  defaults?: RowDefaults;
}

/** The due date as a day on the approver's own calendar: `Fri, Dec 18, 2026`. */
export const dueDayOf = (v: Voice, due: string) =>
  v.day(dayText(localDay(new Date(due), v.timeZone)));

export function progressLine(v: Voice, s: CardState): string {
  const total = Math.max(s.total, s.group.tasks.length);
  return v.t('reviews.progress', {
    reviewed: total - s.group.tasks.length,
    total,
    due: s.due ? dueDayOf(v, s.due) : '',
    withDue: flag(s.due),
  });
}

export function reviewCard(v: Voice, s: CardState): Reply {
  const group = groupLabel(s.group);
  const progress = progressLine(v, s);
  const left = s.group.tasks.length;
  // Its reviews, reported so that a chat that already shows them (the terminal) need not again.
  if (!left) {
    const title = v.t('reviews.cardDone', { group, total: s.total });
    const reported = (s.decided ?? []).map((taskId) => ({ taskId, state: 'other' as const }));
    return { ...success(v, title, { title, blocks: [{ kind: 'text', text: title }] }), reported };
  }
  const page = groupPage(v, s.group, 1, s.defaults);
  const title = v.t('reviews.cardTitle', { group, left });
  const reported = s.group.tasks.map((t) => ({ taskId: t.id, state: 'pending' as const }));
  const summary = v.t('reviews.cardSummary', { title, progress });
  const blocks = [{ kind: 'text' as const, text: progress }, ...page.blocks];
  return { ...info(v, summary, { title, blocks }), reported };
}

/** How close the due date is: a week, two days, the day itself. */
export type ReminderStep = 'week' | 'twoDays' | 'today';

export function reviewReminder(v: Voice, s: CardState, step: ReminderStep): Reply {
  const said = {
    group: groupLabel(s.group),
    left: s.group.tasks.length,
    due: s.due ? dueDayOf(v, s.due) : '',
    number: s.group.number,
  };
  const title = v.t('reviews.reminderTitle', { ...said, step });
  const text = v.t('reviews.reminder', said);
  return warning(v, `${title} ${text}`, {
    title,
    blocks: [
      { kind: 'text', text },
      { kind: 'note', text: progressLine(v, s) },
    ],
  });
}

/** For the application's owners or an escalation channel: who has kept which reviews waiting. */
export function reviewEscalation(v: Voice, s: CardState, reviewer: string | undefined): Reply {
  const said = {
    group: groupLabel(s.group),
    left: s.group.tasks.length,
    total: Math.max(s.total, s.group.tasks.length),
    due: s.due ? dueDayOf(v, s.due) : '',
    who: reviewer ? inert(reviewer, 120) : v.t('poller.itsApprovers'),
  };
  const title = v.t('reviews.escalationTitle', said);
  const text = v.t('reviews.escalation', said);
  return warning(v, text, { visibility: 'channel', title, blocks: [{ kind: 'text', text }] });
}
