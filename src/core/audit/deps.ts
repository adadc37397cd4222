/** What reading the audit trail works with: the store, who may read others' entries, and limits. */
import type { AccessClient } from '../../access/client.ts';
import type { Logger } from '../../log.ts';
import type {
  AuditStore,
  AwayStore,
  IdentityLink,
  LinkStore,
  ReportStore,
  TaskQuestionStore,
} from '../../store/store.ts';
import type { Voice } from '../i18n/voice.ts';
import type { Identity } from '../identity.ts';
import type { Reply } from '../reply.ts';

/** What an auditor reads: `history` of others, or the `report`. */
export type Audited = 'history' | 'report';

export interface AuditDeps {
  client: AccessClient;
  /** The links name the approvers in a report; questions and absences are counted in it. */
  store: AuditStore & LinkStore & ReportStore & TaskQuestionStore & AwayStore;
  identity: Identity;
  log: Logger;
  now: () => Date;
  /** Audit rows a report in chat may read. */
  reportMaxRows: number;
  /** Whether this person may read what auditors read (AUDITOR_GROUP); if not, what they are told. */
  mayAudit(
    link: IdentityLink,
    v: Voice,
    what?: Audited,
  ): Promise<{ ok: true } | { ok: false; reply: Reply }>;
}
