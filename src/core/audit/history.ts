/**
 * The audit trail as people read it: `history` shows a person their own recent actions (and the
 * changes made to their groups' membership of them); auditors may read anyone's, or everyone's.
 * Slack's App Home shows the same entries. Read from the store's audit log, newest first.
 */
import type { Logger } from '../../log.ts';
import {
  type AuditQuery,
  type AuditStore,
  type DecisionAuditEntry,
  type IdentityLink,
  isDecision,
  isPersonEntry,
  type MembershipAuditEntry,
  type MembershipOutcome,
  PERSON_ACTIONS,
  type PersonAuditEntry,
  type Platform,
} from '../../store/store.ts';
import { changeWords, formatTime, plural } from '../format.ts';
import { info, listBlock, type Reply } from '../reply.ts';
import { inert } from '../text.ts';

/** Entries one `history` answer shows. */
export const HISTORY_SHOWN = 20;

export type PastDecision = DecisionAuditEntry;

/**
 * What people did (not what the poller did about their tasks). Undefined when the log cannot be
 * read (logged): "cannot show" differs from "none".
 */
export async function readHistory(
  deps: { store: AuditStore; log: Logger },
  query: AuditQuery,
): Promise<PersonAuditEntry[] | undefined> {
  return deps.store.listAudit({ ...query, actions: PERSON_ACTIONS }).then(
    (entries) => entries.filter(isPersonEntry),
    (error: unknown) => {
      deps.log.warn({ err: error }, 'could not read the audit log');
      return undefined;
    },
  );
}

/** A person's own entries: taken by them on any platform, or changing their memberships. */
export function ownQuery(
  who: { platform: Platform; chatUserId: string },
  link: IdentityLink | undefined,
  limit: number,
): AuditQuery {
  if (!link) return { actor: who, limit };
  return { person: { chatUserIds: [], accessUserIds: [link.accessUserId] }, limit };
}

const changeSaid: Record<MembershipOutcome, string> = {
  added: 'done',
  removed: 'done',
  already_member: 'already a member, nothing changed',
  not_member: 'not a member, nothing changed',
  group_not_found: 'the group no longer exists',
  person_not_found: 'the person no longer exists',
  not_allowed: 'refused: not allowed to manage the group',
  not_requester: 'refused: someone else’s change',
  cancelled: 'cancelled',
  expired: 'expired unconfirmed',
  failed: 'failed',
};

/**
 * One entry as a line of text. `viewer` is the Access user reading it: a change made to them
 * reads "added you to…"; `withActor` names who acted (for auditors reading others' history).
 */
export function describeEntry(entry: PersonAuditEntry, viewer?: string, withActor = false): string {
  const when = formatTime(entry.at);
  const by = withActor ? `${entry.platform} ${inert(entry.chatUserId)}: ` : '';
  if (isDecision(entry)) return `${when} · ${by}${decisionLine(entry)}`;
  return `${when} · ${by}${changeLine(entry, viewer)}`;
}

function decisionLine(e: DecisionAuditEntry): string {
  const why = e.reason ? ` — "${inert(e.reason)}"` : '';
  const what =
    e.outcome === 'approved' || e.outcome === 'declined'
      ? e.outcome
      : `${e.action}: ${e.outcome.replaceAll('_', ' ')}`;
  return `${what[0]!.toUpperCase()}${what.slice(1)} ${taskNamed(e)}${why}`;
}

/** The task by its title, application and requester (as far as recorded) beside its id. */
function taskNamed(e: DecisionAuditEntry): string {
  const id = `task ${inert(e.taskId)}`;
  if (!e.taskTitle) return id;
  // The title usually names the application already.
  const app = e.appName && !e.taskTitle.includes(e.appName) ? inert(e.appName) : undefined;
  const by = e.requesterName ? `requested by ${inert(e.requesterName)}` : undefined;
  const about = [app, by].filter(Boolean).join(', ');
  return `"${inert(e.taskTitle)}"${about ? ` (${about})` : ''} · ${id}`;
}

function changeLine(e: MembershipAuditEntry, viewer: string | undefined): string {
  const target = inert(e.targetName ?? e.targetEmail ?? e.targetUserId ?? 'someone');
  const group = inert(e.groupName ?? e.groupId);
  const mine = viewer !== undefined && e.targetUserId === viewer && e.accessUserId !== viewer;
  if (mine && (e.outcome === 'added' || e.outcome === 'removed')) {
    return `${e.outcome === 'added' ? 'Added you to' : 'Removed you from'} ${group} (by ${e.platform} ${inert(e.chatUserId)})`;
  }
  const words = changeWords({ action: e.action, groupName: group }, target);
  return `${words[0]!.toUpperCase()}${words.slice(1)}: ${changeSaid[e.outcome]}`;
}

/** The `history` answer: the entries as lines, newest first. */
export function historyReply(
  entries: readonly PersonAuditEntry[] | undefined,
  title: string,
  view: { viewer?: string; withActor: boolean },
): Reply {
  if (!entries) return info('Your history cannot be shown right now; please try again later.');
  if (!entries.length) {
    return info(`${title}: nothing yet.`, {
      title,
      blocks: [{ kind: 'text', text: 'Nothing yet: decisions and group changes show up here.' }],
    });
  }
  const lines = entries.map((e) => describeEntry(e, view.viewer, view.withActor));
  const heading = `${title} (${plural(entries.length, 'entry', 'entries')}, newest first)`;
  return info(`${heading}: ${lines.slice(0, 5).join('; ')}`, {
    title: heading,
    blocks: [listBlock(lines, HISTORY_SHOWN)],
  });
}
