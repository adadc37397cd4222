/** What reading the audit trail works with. */
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

export type Audited = 'history' | 'report';

export interface AuditDeps {
  client: AccessClient;
  /** The links name the approvers in a report; questions and absences are counted in it. */
  store: AuditStore & LinkStore & ReportStore & TaskQuestionStore & AwayStore;
  identity: Identity;
  log: Logger;
  now: () => Date;
  reportMaxRows: number;
  /** If not, what they are told. */
  mayAudit(
    link: IdentityLink,
    v: Voice,
    what?: Audited,
  ): Promise<{ ok: true } | { ok: false; reply: Reply }>;
}
