/** What the bot is built from: the client, the store, the log, and the organisation's settings. */
import type { AccessClient } from '../access/client.ts';
import type { Logger } from '../log.ts';
import type { Metrics } from '../metrics.ts';
import type { Store } from '../store/store.ts';
import type { AppRulesConfig } from './apps/rules.ts';
import type { TellAsks } from './asks/tell.ts';
import type { GroupRulesConfig } from './groups/rules.ts';
import type { VoiceDefaults } from './i18n/voice.ts';
import type { TellApprovers, TellPerson } from './notices.ts';
import type { RateLimit } from './rate-limit.ts';
import type { DecisionContext } from './tasks/decision-context.ts';

export interface BotDeps {
  client: AccessClient;
  store: Store;
  log: Logger;
  pendingStatus: string;
  /** Whether someone may approve their own request; off unless the organisation allows it. */
  allowSelfApproval?: boolean;
  /** Commands, clicks and forms one person may send per minute and in a row; unset: no limit. */
  rateLimit?: RateLimit;
  /** Who may manage groups and read others' history; unset: nobody may. */
  groups?: GroupRulesConfig;
  /** Audit rows a report in chat may read (REPORT_MAX_ROWS); unset: DEFAULT_REPORT_MAX_ROWS. */
  reportMaxRows?: number;
  /** Who owns which application, and which of its fields are secret (apps/rules.ts). */
  apps?: AppRulesConfig;
  /** Tells a person added to or removed from a group; unset: nobody is told. */
  notices?: TellPerson;
  /** Nudges approvers, shows them "looking at it" marks, edits a decided task's messages; unset: none. */
  approvers?: TellApprovers;
  /** A request's approvers are nudged at most once per this (REMIND_AFTER); unset or 0: never. */
  nudgeAfterMs?: number;
  /** Questions to requesters and absences through the outbox; unset: no question is asked. */
  asks?: TellAsks;
  /** Where each decision's time to decision is observed; unset: nowhere. */
  metrics?: Pick<Metrics, 'decisionSeconds' | 'auditWriteFailures'>;
  /**
   * Sensitive applications and what approvers see beside what is asked; unset: no application
   * is sensitive and cards show the task alone.
   */
  context?: DecisionContext;
  now?: () => Date;
  /** DEFAULT_LOCALE and DEFAULT_TIME_ZONE: for people whose platform tells neither, and channels. */
  voices?: VoiceDefaults;
}
