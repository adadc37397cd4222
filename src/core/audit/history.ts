/** The audit trail as people read it (`history`, auditors' queries, Slack's App Home). */
import type { Logger } from '../../log.ts';
import {
  type AuditQuery,
  type AuditStore,
  type AwayAuditEntry,
  type DecisionAuditEntry,
  type IdentityLink,
  isAppChange,
  isChange,
  isDecision,
  isOnBehalf,
  isPersonEntry,
  isQuestion,
  type LinkStore,
  type MembershipAuditEntry,
  type OnBehalfAuditEntry,
  PERSON_ACTIONS,
  type PersonAuditEntry,
  type Platform,
  type QuestionAuditEntry,
} from '../../store/store.ts';
import { flag, type Voice } from '../i18n/voice.ts';
import { info, listBlock, type Reply } from '../reply.ts';
import { inert } from '../text.ts';
import { appChangeNamed } from './app-change-named.ts';
import { recordedTitle, shortTaskId } from './task-named.ts';

export const HISTORY_SHOWN = 20;

export type PastDecision = DecisionAuditEntry;

export type NamedEntry = PersonAuditEntry & { actorName?: string | null };

/** What people did, not the poller; undefined when unreadable ("cannot show" is not "none"). */
export async function readHistory(
  deps: { store: AuditStore & Pick<LinkStore, 'getLink'>; log: Logger },
  query: AuditQuery,
): Promise<NamedEntry[] | undefined> {
  const entries = await deps.store.listAudit({ ...query, actions: PERSON_ACTIONS }).then(
    (all) => all.filter(isPersonEntry),
    (error: unknown) => {
      deps.log.warn({ err: error }, 'could not read the audit log');
      return undefined;
    },
  );
  if (!entries) return undefined;
  // A question's entry names its asker; the others are named by the actor's link, read once.
  const names = new Map<string, Promise<string | null>>();
  const nameOf = (e: PersonAuditEntry) => {
    const key = `${e.platform}:${e.chatUserId}`;
    const name =
      names.get(key) ??
      deps.store.getLink(e.platform, e.chatUserId).then(
        (link) => link?.displayName ?? null,
        () => null,
      );
    names.set(key, name);
    return name;
  };
  return Promise.all(
    entries.map(async (e) => ({
      ...e,
      actorName: (isQuestion(e) && e.actorName) || (await nameOf(e)),
    })),
  );
}

/** Taken by them on any platform, or changing their memberships. */
export function ownQuery(
  who: { platform: Platform; chatUserId: string },
  link: IdentityLink | undefined,
  limit: number,
): AuditQuery {
  if (!link) return { actor: who, limit };
  return { person: { chatUserIds: [], accessUserIds: [link.accessUserId] }, limit };
}

/** `viewer`: the Access user reading it, so a change made to them reads "added you to…". */
export function describeEntry(
  v: Voice,
  entry: NamedEntry,
  viewer?: string,
  withActor = false,
): string {
  return v.t('history.line', {
    when: v.time(entry.at),
    what: whatWasDone(v, entry, viewer),
    withActor: flag(withActor),
    actor: actorNamed(entry),
  });
}

/** What the entry records, its task and outcome, without when or by whom. */
export function whatWasDone(v: Voice, entry: NamedEntry, viewer?: string): string {
  return isDecision(entry)
    ? decisionLine(v, entry)
    : isAppChange(entry)
      ? v.t('history.app', { what: appChangeNamed(v, entry), outcome: entry.outcome })
      : isChange(entry)
        ? changeLine(v, entry, viewer)
        : isQuestion(entry)
          ? questionLine(v, entry, viewer)
          : isOnBehalf(entry)
            ? onBehalfLine(v, entry, viewer)
            : awayLine(v, entry);
}

/** One of a batch ("keep everyone left") says so: its reason is the batch's. */
function decisionLine(v: Voice, e: DecisionAuditEntry): string {
  const what = v.t('history.decision', {
    action: e.action,
    outcome: e.outcome,
    task: taskNamed(v, e),
    reason: e.reason ? inert(e.reason) : '',
    withReason: flag(e.reason),
  });
  if (!e.batchId) return what;
  const decision = e.action === 'approve' ? 'keep' : 'revoke';
  return v.t('history.batched', { what, decision, id: shortTaskId(e.batchId) });
}

/** Only the start of its id: the whole id would make the line wrap. */
export function taskNamed(v: Voice, e: DecisionAuditEntry | QuestionAuditEntry): string {
  const id = shortTaskId(e.taskId);
  const title = recordedTitle(v, e);
  if (!title) return v.t('history.taskId', { id });
  // The title usually names the application already.
  const app = e.appName && !title.includes(inert(e.appName)) ? inert(e.appName) : undefined;
  const by = e.requesterName ? inert(e.requesterName) : undefined;
  return v.t('history.task', {
    title,
    id,
    app: app ?? '',
    withApp: flag(app),
    by: by ?? '',
    withBy: flag(by),
  });
}

/** Unlinked since: the chat account's id. */
const actorNamed = (e: NamedEntry) => inert(e.actorName ?? `${e.platform} ${e.chatUserId}`);

function changeLine(
  v: Voice,
  e: NamedEntry & MembershipAuditEntry,
  viewer: string | undefined,
): string {
  const target = e.targetName ?? e.targetEmail ?? e.targetUserId;
  const mine = viewer !== undefined && e.targetUserId === viewer && e.accessUserId !== viewer;
  return v.t('history.change', {
    action: e.action === 'group_add' ? 'add' : 'remove',
    who: target ? inert(target) : v.t('history.someone'),
    group: inert(e.groupName ?? e.groupId),
    outcome: e.outcome,
    mine: flag(mine && (e.outcome === 'added' || e.outcome === 'removed')),
    actor: actorNamed(e),
  });
}

export function entryKind(
  e: PersonAuditEntry,
): 'decision' | 'change' | 'app' | 'question' | 'away' | 'request' {
  if (isDecision(e)) return 'decision';
  if (isChange(e)) return 'change';
  if (isAppChange(e)) return 'app';
  if (isOnBehalf(e)) return 'request';
  return isQuestion(e) ? 'question' : 'away';
}

/** The person it was for reads "requested … for you (by …)". */
function onBehalfLine(v: Voice, e: NamedEntry & OnBehalfAuditEntry, viewer: string | undefined) {
  const app = inert(e.appName);
  const what = e.levelName ? v.t('request.appLevel', { app, level: inert(e.levelName) }) : app;
  const mine = viewer !== undefined && e.targetUserId === viewer && e.accessUserId !== viewer;
  return v.t('history.request', {
    mine: flag(mine && e.outcome === 'filed'),
    what,
    who: e.targetName ? inert(e.targetName) : v.t('history.someone'),
    outcome: e.outcome,
    actor: actorNamed(e),
  });
}

function questionLine(v: Voice, e: QuestionAuditEntry, viewer: string | undefined): string {
  const toMe = viewer !== undefined && e.targetUserId === viewer && e.accessUserId !== viewer;
  const other = toMe ? e.actorName : e.targetName;
  return v.t('history.question', {
    action: e.action,
    toMe: flag(toMe),
    who: other ? inert(other) : v.t('history.someone'),
    task: taskNamed(v, e),
    text: inert(e.reason),
  });
}

function awayLine(v: Voice, e: AwayAuditEntry): string {
  const day = e.detail && /^\d{4}-\d{2}-\d{2}$/.test(e.detail) ? v.day(e.detail) : '';
  return v.t('history.away', {
    outcome: e.outcome,
    day,
    note: e.reason ? inert(e.reason) : '',
    withNote: flag(e.reason),
  });
}

export function historyReply(
  v: Voice,
  entries: readonly NamedEntry[] | undefined,
  title: string,
  view: { viewer?: string; withActor: boolean },
): Reply {
  if (!entries) return info(v, v.t('history.unavailable'));
  if (!entries.length) {
    return info(v, v.t('history.emptySummary', { title }), {
      title,
      blocks: [{ kind: 'text', text: v.t('history.empty') }],
    });
  }
  const lines = entries.map((e) => describeEntry(v, e, view.viewer, view.withActor));
  const heading = v.t('history.heading', { title, count: entries.length });
  return info(v, v.t('history.summary', { heading, lines: lines.slice(0, 5).join('; ') }), {
    title: heading,
    blocks: [listBlock(lines, HISTORY_SHOWN)],
  });
}
