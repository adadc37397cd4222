/**
 * Writing the audit trail: one entry for each decision on a task and each group membership
 * change taken (or refused) through the bot. A failed write is logged and never hides what was
 * done in the Access Service.
 */
import type { Logger } from '../../log.ts';
import {
  type AuditStore,
  type DecisionAuditEntry,
  type GroupChange,
  type IdentityLink,
  isDecision,
  type MembershipAuditEntry,
  type MembershipOutcome,
} from '../../store/store.ts';

export interface AuditWriter {
  store: AuditStore;
  log: Logger;
  now: () => Date;
}

type Who = 'at' | 'platform' | 'chatUserId' | 'accessUserId';

export function recordDecision(
  w: AuditWriter,
  link: IdentityLink,
  decision: Omit<DecisionAuditEntry, Who>,
): Promise<void> {
  return append(w, { ...by(w, link), ...decision });
}

type Subject = Pick<GroupChange, 'action' | 'groupId' | 'groupName'> &
  Partial<Pick<GroupChange, 'targetUserId' | 'targetName' | 'targetEmail'>>;

export function recordChange(
  w: AuditWriter,
  link: IdentityLink,
  subject: Subject,
  outcome: MembershipOutcome,
  detail: string | null = null,
): Promise<void> {
  return append(w, {
    ...by(w, link),
    action: subject.action,
    groupId: subject.groupId,
    groupName: subject.groupName,
    targetUserId: subject.targetUserId ?? null,
    targetName: subject.targetName ?? null,
    targetEmail: subject.targetEmail ?? null,
    outcome,
    detail,
  });
}

const by = (w: AuditWriter, link: IdentityLink) => ({
  at: w.now(),
  platform: link.platform,
  chatUserId: link.chatUserId,
  accessUserId: link.accessUserId,
});

async function append(w: AuditWriter, entry: DecisionAuditEntry | MembershipAuditEntry) {
  try {
    await w.store.appendAudit(entry);
  } catch (error) {
    const about = isDecision(entry) ? { taskId: entry.taskId } : { groupId: entry.groupId };
    w.log.error(
      { err: error, action: entry.action, outcome: entry.outcome, ...about },
      'audit write failed',
    );
  }
}
