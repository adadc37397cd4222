/**
 * Every word of the requester's side in one place: the `requests` list, nudges (the replies and
 * the approver's message) and the "looking at it" mark. Data goes in through `inert`.
 */
import { formatAge, formatTime, plural, sentenceList, zoneParts } from './format.ts';
import type { NudgeDelivery } from './notices.ts';
import { info, listBlock, type Reply, success, type TaskCard, warning } from './reply.ts';
import { inert } from './text.ts';

export const requesterUsage = {
  requests: 'requests — your own access requests: how each stands, since when, and who is asked',
  nudge:
    'nudge <number or id> — remind the approvers of your waiting request (once per reminder period)',
  looking: 'looking <number or id> — show the other approvers that you are looking at a task',
};

/** How one of the person's requests stands, as the list and the nudge tell it. */
export interface RequestView {
  /** The application and level, made inert. */
  what: string;
  state: 'waiting' | 'approved' | 'declined' | 'other' | 'unknown';
  /** Waiting: who is asked; decided: who decided (when known). */
  people: string[];
  /** A decline's reason; another state's name. */
  said?: string;
  since: Date;
  nudgedAt: Date | null;
}

const who = (people: readonly string[], fallback: string) =>
  people.length ? sentenceList(people.map((name) => inert(name))) : fallback;

function stateOf(r: RequestView): string {
  const by = r.people.length ? ` by ${who(r.people, '')}` : '';
  switch (r.state) {
    case 'waiting':
      return `waiting for ${who(r.people, 'its approvers')}`;
    case 'approved':
      return `approved${by}`;
    case 'declined':
      return `declined${by}${r.said ? `: "${inert(r.said)}"` : ''}`;
    case 'other':
      return `${inert(r.said ?? 'decided')}${by}`;
    case 'unknown':
      return 'not known: the Access Service names no task for it';
  }
}

export const requesterText = {
  noRequests: () =>
    info('You have no access requests I know of. Ask for access with `request <app>`.'),

  requests(views: readonly RequestView[], now: Date): Reply {
    const items = views.map((r, i) => {
      const nudged = r.nudgedAt
        ? ` · nudged ${formatAge(now.getTime() - r.nudgedAt.getTime())} ago`
        : '';
      const asked = `asked ${formatAge(now.getTime() - r.since.getTime())} ago`;
      return `${i + 1}. ${r.what} — ${stateOf(r)} · ${asked}${nudged}`;
    });
    const title = 'Your access requests';
    return info(title, {
      title,
      blocks: [
        listBlock(items, items.length),
        { kind: 'note', text: 'Remind the approvers of a waiting request with `nudge 1`.' },
      ],
    });
  },

  nudgesOff: () =>
    warning('Reminders are turned off here, and nudges with them: nothing was sent.'),
  noNumber: (n: number, listed: number | undefined) =>
    warning(
      `There is no request number ${n}. ${
        listed === undefined
          ? 'Numbers refer to your last `requests` list, and I have none for you yet.'
          : `Your last \`requests\` list had ${plural(listed, 'request')}.`
      } Type \`requests\` to see them.`,
    ),
  notYours: () =>
    warning(
      'That is not one of your requests, so you cannot nudge it. Type `requests` to see yours.',
    ),
  notWaiting: (r: RequestView) =>
    info(`Your request for ${r.what} is not waiting any more: ${stateOf(r)}. Nothing was sent.`),
  tooSoon: (r: RequestView, next: Date, now: Date) =>
    warning(
      `The approvers of ${r.what} were nudged ${formatAge(now.getTime() - (r.nudgedAt ?? now).getTime())} ago. You can nudge them again from ${formatTime(next)} (in ${formatAge(next.getTime() - now.getTime())}).`,
      { title: 'Not nudged yet' },
    ),
  nobody: (r: RequestView) =>
    warning(`None of the approvers of ${r.what} uses accessbot, so nobody could be nudged.`),

  /** `sent`: each approver reached, and when the nudge reaches them (after their quiet hours). */
  nudged(r: RequestView, sent: readonly NudgeDelivery[], next: Date, now: Date): Reply {
    const atOnce = sent.filter((s) => s.at <= now).map((s) => s.name);
    const later = sent.filter((s) => s.at > now);
    const lines = [
      ...(atOnce.length ? [`Nudged ${who(atOnce, '')} about ${r.what}.`] : []),
      ...later.map(
        (s) =>
          `${inert(s.name)} is outside working hours: the nudge reaches them at ${clockIn(s.at, s.zone)} their time (${formatTime(s.at)}).`,
      ),
      `You can nudge again from ${formatTime(next)} (in ${formatAge(next.getTime() - now.getTime())}).`,
    ];
    return success(lines.join(' '), {
      title: 'Approvers nudged',
      blocks: lines.map((text) => ({ kind: 'text' as const, text })),
    });
  },

  /** What an approver gets: the requester is waiting, and the task (without buttons). */
  nudge(card: TaskCard, requester: string, waitedMs: number): Reply {
    const text = `${inert(requester)} is waiting for your decision on "${card.title}" (waiting ${formatAge(waitedMs)}). Decide it on its card, or type \`tasks\`.`;
    return warning(text, {
      title: `👋 A nudge from ${inert(requester, 100)}`,
      blocks: [
        { kind: 'text', text },
        { kind: 'task', card },
      ],
    });
  },

  lookButton: 'Looking at it',
  /** The line on another approver's card, the time in their own zone. */
  lookLine: (name: string, since: Date, zone: string) =>
    `👀 ${inert(name, 100)} is looking at this (since ${clockIn(since, zone)})`,
  looked: (minutes: number) =>
    success(
      `The other approvers now see that you are looking at this, for ${minutes} minutes or until it is decided.`,
    ),
  lookingAlready: (name: string, since: Date, until: Date, mine: boolean) =>
    info(
      mine
        ? `You are already shown as looking at this since ${formatTime(since)}, until ${formatTime(until)}.`
        : `${inert(name)} is already looking at this (since ${formatTime(since)}); their mark shows until ${formatTime(until)} or until it is decided.`,
    ),
  lookNotWaiting: () =>
    warning('That task is not waiting for your decision any more, so there is nothing to look at.'),
};

/** `09:05`: the time of day of `at` in `zone`. */
export function clockIn(at: Date, zone: string): string {
  const { hour, minute } = zoneParts(at, zone);
  return `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;
}
