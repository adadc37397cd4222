/** What the group commands work with, built once by the bot. */
import type { AccessClient } from '../../access/client.ts';
import type { Logger } from '../../log.ts';
import type {
  AuditStore,
  AwayStore,
  ChannelGroupStore,
  ConfirmationStore,
  LinkStore,
  ReportStore,
  TaskQuestionStore,
} from '../../store/store.ts';
import type { Identity } from '../identity.ts';
import type { TellPerson } from '../notices.ts';
import type { GroupRules } from './rules.ts';

/** The links name the approvers in a report; questions and absences are counted in it. */
export type GroupStore = ConfirmationStore &
  ChannelGroupStore &
  AuditStore &
  LinkStore &
  TaskQuestionStore &
  AwayStore &
  ReportStore;

export interface GroupDeps {
  client: AccessClient;
  store: GroupStore;
  identity: Identity;
  rules: GroupRules;
  notices?: TellPerson;
  log: Logger;
  now: () => Date;
  /** Audit rows a report in chat may read. */
  reportMaxRows: number;
}
