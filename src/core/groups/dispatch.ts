/**
 * The commands of a linked person about groups and the audit trail: `members`, `group …`,
 * `history` and `report`, each to the part that answers it.
 */
import type { IdentityLink } from '../../store/store.ts';
import { HISTORY_SHOWN, historyReply, ownQuery, readHistory } from '../audit/history.ts';
import { reportReply } from '../audit/report-chat.ts';
import { findPerson, personName } from '../find-person.ts';
import type { Voice } from '../i18n/voice.ts';
import type { Place } from '../place.ts';
import type { Reply } from '../reply.ts';
import type { GroupCommand, HistorySubject } from './commands.ts';
import type { GroupDeps } from './deps.ts';
import { bindChannel, membersHere, requestChange, unbindChannel } from './request.ts';

export type GroupLine =
  | { name: 'members'; group?: string }
  | GroupCommand
  | { name: 'history'; subject: HistorySubject }
  | { name: 'report'; days: number };

export async function runGroupLine(
  deps: GroupDeps,
  link: IdentityLink,
  v: Voice,
  place: Place,
  line: GroupLine,
): Promise<Reply> {
  switch (line.name) {
    case 'members':
      return membersHere(deps, link, v, place, line.group);
    case 'group':
      if (line.action === 'bind') return bindChannel(deps, link, v, place, line.group);
      if (line.action === 'unbind') return unbindChannel(deps, link, v, place);
      return requestChange(deps, link, v, place, line.action, line.target);
    case 'history':
      return history(deps, link, v, place, line.subject);
    case 'report':
      return reportReply(deps, link, v, line.days);
  }
}

async function history(
  deps: GroupDeps,
  link: IdentityLink,
  v: Voice,
  place: Place,
  subject: HistorySubject,
): Promise<Reply> {
  if (subject.kind === 'own') {
    const entries = await readHistory(deps, ownQuery(link, link, HISTORY_SHOWN));
    return historyReply(v, entries, v.t('history.own'), {
      viewer: link.accessUserId,
      withActor: false,
    });
  }
  const allowed = await deps.rules.mayAudit(link, v);
  if (!allowed.ok) return allowed.reply;
  if (subject.kind === 'all') {
    const entries = await readHistory(deps, { limit: HISTORY_SHOWN });
    return historyReply(v, entries, v.t('history.everyone'), { withActor: true });
  }
  const found = await findPerson({ ...deps, mention: place.mention }, v, subject.person);
  if ('reply' in found) return found.reply;
  const { person } = found;
  const entries = await readHistory(deps, {
    person: { chatUserIds: [], accessUserIds: [person.accessUserId] },
    limit: HISTORY_SHOWN,
  });
  const title = v.t('history.of', { name: personName(person) });
  return historyReply(v, entries, title, { withActor: true });
}
