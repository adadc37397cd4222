/**
 * `report [days]`, for auditors: the top lines of the insight report of the last days (30 by
 * default) as a short private answer, and how to make the full one on the accessbot host.
 * Anyone else is refused with the same words whatever the log holds.
 */
import type { IdentityLink } from '../../store/store.ts';
import type { GroupDeps } from '../groups/deps.ts';
import { info, listBlock, type Reply } from '../reply.ts';
import { inert } from '../text.ts';
import type { Report } from './report.ts';
import { lastDays } from './report-args.ts';
import { readReport } from './report-read.ts';
import { chat, text } from './report-text.ts';

/** Applications named as the slowest. */
const SLOWEST = 3;

export async function reportReply(deps: GroupDeps, link: IdentityLink, days: number) {
  const refusals = { none: chat.notAuditor, notMember: chat.notMember };
  const allowed = await deps.rules.mayAudit(link, refusals);
  if (!allowed.ok) return allowed.reply;
  const now = deps.now();
  try {
    return summaryReply(await readReport(deps.store, lastDays(days, now), now), days);
  } catch (error) {
    deps.log.warn({ err: error }, 'could not read the audit log for a report');
    return info(chat.cannotRead);
  }
}

export function summaryReply(r: Report, days: number): Reply {
  const { overall, byApplication } = r.timeToDecision;
  const slowest = byApplication
    .filter((s) => s.p90Seconds !== null)
    .toSorted((a, b) => b.p90Seconds! - a.p90Seconds!)
    .slice(0, SLOWEST)
    .map((s) => chat.slow(inert(s.name ?? text.notRecorded, 60), s.p90Seconds));
  const overWeek = r.openTasks.byAge
    .filter((a) => a.bucket === '7d_to_30d' || a.bucket === '30d_or_more')
    .reduce((sum, a) => sum + a.count, 0);
  const { decisions: d, sent } = r;
  const lines = [
    chat.decisions(d.total, d.inChat, d.elsewhere),
    chat.waits(overall.medianSeconds, overall.p90Seconds),
    ...(slowest.length ? [chat.slowest(slowest)] : []),
    chat.open(r.openTasks.total, overWeek),
    chat.sent(sent.reminders, sent.escalations, sent.nudges),
  ];
  const title = chat.title(days);
  return info(`${title}: ${lines.join('; ')}`, {
    title,
    blocks: [listBlock(lines, lines.length), { kind: 'note', text: chat.full(days) }],
  });
}
