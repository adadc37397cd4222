/** What reading the audit trail works with. */
import type { AccessClient } from '../../access/client.ts';
import type { Logger } from '../../log.ts';
import type {
  AuditStore,
  AwayStore,
  LinkStore,
  ReportStore,
  TaskQuestionStore,
} from '../../store/store.ts';
import type { GroupRules } from '../groups/index.ts';
import type { Identity } from '../identity.ts';

export interface AuditDeps {
  client: AccessClient;
  /** The links name the approvers in a report; questions and absences are counted in it. */
  store: AuditStore & LinkStore & ReportStore & TaskQuestionStore & AwayStore;
  identity: Identity;
  log: Logger;
  now: () => Date;
  reportMaxRows: number;
  /** REVIEW_DUE_DAYS: when a review with no due date of its own is due. */
  reviewDueDays: number;
  /** If not, what they are told. */
  mayAudit: GroupRules['mayAudit'];
}
