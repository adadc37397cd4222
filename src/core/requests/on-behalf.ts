/**
 * Requests for someone else: whom a request is for (found as `group add` finds people), whether
 * its filer may file for others (REQUEST_ON_BEHALF_GROUP), and the audit entry naming both.
 */
import type { WorkApp } from '../../access/schemas.ts';
import type { IdentityLink, OnBehalfAuditEntry } from '../../store/store.ts';
import { type AuditWriter, recordAction } from '../audit/index.ts';
import { findPerson, type MentionLookup } from '../find-person.ts';
import type { Verdict } from '../groups/index.ts';
import type { Voice } from '../i18n/voice.ts';
import type { Identity } from '../identity.ts';
import type { PersonRef } from '../person-ref.ts';
import type { Reply } from '../reply.ts';

export interface OnBehalfDeps extends AuditWriter {
  identity: Identity;
  /** Absent where nobody can be mentioned. */
  mention?: MentionLookup;
  mayFileFor: (link: IdentityLink, v: Voice) => Promise<Verdict>;
}

/** Whom a request is for; `filer` set when someone else files it. */
export interface Subject {
  accessUserId: string;
  name?: string;
  filer?: IdentityLink;
}

export async function subjectOf(
  deps: OnBehalfDeps & Parameters<typeof findPerson>[0],
  v: Voice,
  link: IdentityLink,
  ref: PersonRef | undefined,
): Promise<Subject | { reply: Reply }> {
  const self = { accessUserId: link.accessUserId };
  if (!ref) return self;
  const found = await findPerson(deps, v, ref);
  if ('reply' in found) return found;
  const { person } = found;
  // Naming oneself is an ordinary request.
  if (person.accessUserId === link.accessUserId) return self;
  const name = person.displayName ?? person.email ?? person.accessUserId;
  return { accessUserId: person.accessUserId, name, filer: link };
}

export type OnBehalfOutcome = OnBehalfAuditEntry['outcome'];

/** Only requests for someone else are audited: the filer acts, the person it is for is named. */
export async function auditOnBehalf(
  deps: OnBehalfDeps,
  subject: Subject,
  requested: { app: WorkApp; levelName?: string; justification?: string },
  outcome: OnBehalfOutcome,
  accessId: string | null = null,
): Promise<void> {
  if (!subject.filer) return;
  const { app, levelName, justification } = requested;
  await recordAction(deps, subject.filer, {
    action: 'request_for',
    appId: app.id,
    appName: app.name,
    ...(levelName && { levelName }),
    reason: justification ?? null,
    targetUserId: subject.accessUserId,
    targetName: subject.name ?? null,
    outcome,
    detail: accessId,
  });
}
