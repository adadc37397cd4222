/**
 * Every word people read in the insight report — the HTML page, the CSV's labels and the chat
 * summary — in one place, to be translated as a whole. Data from the audit trail is never put
 * in here: the renderers escape it (HTML) or make it inert (chat) where they place it.
 */
import { formatTime, plural } from '../format.ts';
import type { AgeBucket } from './report.ts';

/** A wait as people say it: "45 s", "12 min", "3.5 h", "2.1 days"; a dash when there is none. */
export function duration(seconds: number | null): string {
  if (seconds === null) return '–';
  if (seconds < 60) return `${seconds} s`;
  if (seconds < 3600) return `${Math.round(seconds / 60)} min`;
  if (seconds < 86_400) return `${(seconds / 3600).toFixed(1)} h`;
  return `${(seconds / 86_400).toFixed(1)} days`;
}

export const ageLabel: Record<AgeBucket, string> = {
  under_1h: 'under 1 hour',
  '1h_to_1d': '1 hour to 1 day',
  '1d_to_3d': '1 to 3 days',
  '3d_to_7d': '3 to 7 days',
  '7d_to_30d': '7 to 30 days',
  '30d_or_more': '30 days or more',
};

export type Grouping = 'byApplication' | 'byApprover' | 'byTaskType';

export const text = {
  title: 'accessbot report',
  period: (since: string, until: string) => `${formatTime(since)} to ${formatTime(until)}`,
  made: (at: string) => `open tasks counted at ${formatTime(at)}`,
  notRecorded: 'not recorded',
  decisions: 'Decisions',
  inChat: 'in chat',
  elsewhere: 'elsewhere',
  decisionsSplit: (chat: number, elsewhere: number) => `${chat} in chat, ${elsewhere} elsewhere`,
  median: 'Median time to decision',
  p90: '90th percentile',
  openTasks: 'Open tasks',
  reminders: 'Reminders sent',
  escalations: 'Escalations sent',
  nudges: 'Nudges sent',
  whereDecided: 'Decided in chat or elsewhere',
  openByAge: 'Open tasks by age',
  grouping: {
    byApplication: { heading: 'Time to decision by application', column: 'Application' },
    byApprover: { heading: 'Time to decision by approver', column: 'Approver' },
    byTaskType: { heading: 'Time to decision by task type', column: 'Task type' },
  } satisfies Record<Grouping, { heading: string; column: string }>,
  count: 'Decisions',
  medianColumn: 'Median',
  medianShort: 'median',
  noDecisions: 'No decision in this period.',
  noOpenTasks: 'No open task.',
  more: (n: number) => `and ${n} more (the CSV and JSON formats list them all)`,
  footnote:
    'A task’s wait runs from its creation (as the Access Service tells it, else accessbot’s first message to an approver) to its approval or decline: through accessbot (in chat), or as accessbot’s poller found it decided in the Access Service (elsewhere). Reminders and escalations count when accessbot queues them. Open tasks are those accessbot told an approver about and has not seen decided.',
} as const;

/** The chat summary's lines: the top of the report. */
export const chat = {
  title: (days: number) => `Report of the last ${plural(days, 'day')}`,
  decisions: (total: number, inChat: number, elsewhere: number) =>
    `${plural(total, 'decision')}: ${inChat} in chat, ${elsewhere} elsewhere`,
  waits: (median: number | null, p90: number | null) =>
    `Time to decision: median ${duration(median)}, 90th percentile ${duration(p90)}`,
  slowest: (names: string[]) => `Slowest applications (90th percentile): ${names.join(', ')}`,
  slow: (name: string, p90: number | null) => `${name} ${duration(p90)}`,
  open: (total: number, overWeek: number) =>
    `Open tasks: ${total}, ${overWeek} of them waiting a week or more`,
  sent: (reminders: number, escalations: number, nudges: number) =>
    `Sent: ${plural(reminders, 'reminder')}, ${plural(escalations, 'escalation')}, ${plural(nudges, 'nudge')}`,
  full: (days: number) =>
    `The full report, with charts and every application, approver and task type, is made on the accessbot host: \`npm run report -- --days ${days} --format html --out report.html\` (docs/report.md).`,
  cannotRead: 'The report cannot be made right now; please try again later.',
  notAuditor:
    'Only auditors may read the report, and none are set up: an admin of accessbot names their group in AUDITORS_GROUP.',
  notMember: 'Only auditors may read the report.',
} as const;
