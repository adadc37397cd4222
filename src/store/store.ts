/**
 * The persistence port. Role interfaces (roles.ts), one per kind of consumer, and `Store`, all of
 * them at once, which every implementation provides (SQLite by default; PostgreSQL for several
 * replicas). Every method is async so both fit, and every record type is a zod schema
 * (records.ts) so rows read back are checked, not trusted.
 */
import type * as Role from './roles.ts';
import type { AwayStore, TaskQuestionStore } from './roles-asks.ts';
import type { ReportStore } from './roles-report.ts';
import type { LookStore, RequesterStore } from './roles-requesters.ts';

export * from './app-records.ts';
export * from './ask-records.ts';
export * from './audit-records.ts';
export * from './confirm-records.ts';
export * from './group-records.ts';
export * from './records.ts';
export * from './report-records.ts';
export type * from './roles.ts';
export type * from './roles-asks.ts';
export type * from './roles-report.ts';
export type * from './roles-requesters.ts';

export interface Store
  extends Role.LinkStore,
    Role.AuditStore,
    Role.TaskNumberStore,
    Role.TaskAudienceStore,
    Role.NotificationStore,
    Role.RequestStore,
    RequesterStore,
    LookStore,
    Role.PollScheduleStore,
    Role.ConversationRefStore,
    Role.ReplicaStore,
    Role.ReplayStore,
    Role.RateStore,
    Role.ConfirmationStore,
    Role.ChannelGroupStore,
    Role.AppPolicyStore,
    Role.QuestionStore,
    TaskQuestionStore,
    AwayStore,
    ReportStore {
  /** Resolves when the store answers a trivial query; for readiness checks. */
  ping(): Promise<void>;
  close(): Promise<void>;
}
