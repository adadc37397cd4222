/** What the bot is built from: the client, the store, the log, and the organisation's settings. */
import type { AccessClient } from '../access/client.ts';
import type { Logger } from '../log.ts';
import type { Metrics } from '../metrics.ts';
import type { Store } from '../store/store.ts';
import type { RateLimit } from './actor.ts';
import type { AppRulesConfig } from './apps/rules.ts';
import type { TellAsks } from './asks/tell.ts';
import type { GroupRulesConfig } from './groups/rules.ts';
import type { VoiceDefaults } from './i18n/voice.ts';
import type { TellApprovers, TellPerson } from './notices.ts';
import type { DecisionContext } from './tasks/decision-context.ts';
import type { TellWorkflow } from './workflow/tell.ts';

export interface BotDeps {
  client: AccessClient;
  store: Store;
  log: Logger;
  pendingStatus: string;
  allowSelfApproval?: boolean;
  /** Unset: no limit. */
  rateLimit?: RateLimit;
  /** Unset: nobody may manage groups or read others' history. */
  groups?: GroupRulesConfig;
  /** Unset: DEFAULT_REPORT_MAX_ROWS. */
  reportMaxRows?: number;
  /** Unset: DEFAULT_REVIEW_DUE_DAYS. */
  reviewDueDays?: number;
  apps?: AppRulesConfig;
  /** Unset: nobody added to or removed from a group is told. */
  notices?: TellPerson;
  /** Nudges, "looking at it" marks, decided tasks' messages; unset: none. */
  approvers?: TellApprovers;
  /** REMIND_AFTER; unset or 0: nobody is nudged. */
  nudgeAfterMs?: number;
  /** Unset: no question is asked. */
  asks?: TellAsks;
  /** Completes workflow steps' runs; unset: no step runs. */
  workflows?: TellWorkflow;
  metrics?: Pick<Metrics, 'decisionSeconds' | 'auditWriteFailures'>;
  /** Unset: no application is sensitive and cards show the task alone. */
  context?: DecisionContext;
  now?: () => Date;
  /** For people whose platform tells neither, and channels. */
  voices?: VoiceDefaults;
}
