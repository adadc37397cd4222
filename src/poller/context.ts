import type { AccessClient } from '../access/client.ts';
import type { UsualWaits } from '../core/audit/index.ts';
import type { VoiceDefaults } from '../core/i18n/voice.ts';
import type { DecisionContext } from '../core/tasks/decision-context.ts';
import type {
  AuditStore,
  AwayStore,
  DigestStore,
  LinkStore,
  LookStore,
  NotificationStore,
  PollScheduleStore,
  ReplicaStore,
  RequesterStore,
  RequestStore,
  ReviewCardStore,
  TaskAudienceStore,
  TaskNumberStore,
  TaskQuestionStore,
  WorkflowStore,
} from '../store/store.ts';
import type { Gate } from './gate.ts';
import type { OutboxContext } from './notification.ts';
import type { Outbox } from './outbox.ts';
import type { NotifyRules } from './rules.ts';
import type { WorkingHours } from './working-hours.ts';

/** Every role of the store the poller uses. */
export type PollerStore = AuditStore &
  LinkStore &
  NotificationStore &
  ReplicaStore &
  RequestStore &
  RequesterStore &
  PollScheduleStore &
  TaskAudienceStore &
  TaskQuestionStore &
  AwayStore &
  LookStore &
  DigestStore &
  TaskNumberStore &
  WorkflowStore &
  ReviewCardStore;

/**
 * What every part of the poller works with (the outbox's context and more); built once by the
 * Poller. Each part names the slice of the store it uses as `S`.
 */
export interface PollerContext<S = PollerStore> extends Omit<OutboxContext, 'store'> {
  client: AccessClient;
  /** Every call to `client` goes through it. */
  gate: Gate;
  store: S;
  pendingStatus: string;
  rules: NotifyRules;
  /** How long a task waits between reminders; 0: never remind. */
  remindAfterMs: number;
  /** How long a task waits, after its first message, before it is escalated; 0: never. */
  escalateAfterMs: number;
  /** Days an access review takes when its task gives no due date (REVIEW_DUE_DAYS). */
  reviewDueDays: number;
  /** Application (name or id) → its owners' e-mail addresses (APP_OWNERS): late reviews' escalation. */
  appOwners: Readonly<Record<string, readonly string[]>>;
  /** When reminders and escalations may go out, in each approver's time zone. */
  hours: WorkingHours;
  /**
   * A send or edit claimed but unfinished after this long is taken for
   * stuck, and is retried. Longer than any send takes, so a slow send is never doubled.
   */
  retryAfterMs: number;
  /** Carries out every send and edit of a task's messages. */
  outbox: Outbox;
  /** What an access request's approvers see beside it; unset: the task alone. */
  context?: DecisionContext;
  /** How long an application's requests usually wait, for reminders. */
  usual: UsualWaits;
  /** DEFAULT_LOCALE and DEFAULT_TIME_ZONE; unset: English in UTC. */
  voices?: VoiceDefaults;
  /** Work that finishes after the poll that started it (a card completed later); awaited on stop. */
  later(work: Promise<void>): void;
}
