/**
 * The persistence port: `Store` is every role interface at once (roles.ts, and each feature's
 * `src/core/<feature>/store.ts`); async so both SQLite and PostgreSQL fit.
 */
import type { TaskQuestionStore } from '../core/asks/store.ts';
import type { ReportStore } from '../core/audit/store.ts';
import type { AwayStore } from '../core/away/store.ts';
import type { DigestStore } from '../core/digest/store.ts';
import type { RequesterStore } from '../core/requests/store.ts';
import type { ReviewCardStore } from '../core/reviews/store.ts';
import type { StepUpStore } from '../core/stepup/store.ts';
import type { LookStore, TaskAudienceStore, TaskNumberStore } from '../core/tasks/store.ts';
import type { WorkflowStore } from '../core/workflow/store.ts';
import type * as Role from './roles.ts';

export * from '../core/asks/store.ts';
export * from '../core/audit/store.ts';
export * from '../core/away/store.ts';
export * from '../core/digest/store.ts';
export type * from '../core/requests/store.ts';
export * from '../core/reviews/store.ts';
export * from '../core/stepup/store.ts';
export type * from '../core/tasks/store.ts';
export * from '../core/workflow/store.ts';
export * from './app-records.ts';
export * from './audit-records.ts';
export * from './confirm-records.ts';
export * from './group-records.ts';
export * from './records.ts';
export type * from './roles.ts';

export interface Store
  extends Role.LinkStore,
    Role.AuditStore,
    TaskNumberStore,
    TaskAudienceStore,
    Role.NotificationStore,
    Role.RequestStore,
    RequesterStore,
    LookStore,
    Role.PollScheduleStore,
    Role.ConversationRefStore,
    Role.ReplicaStore,
    Role.GenerationStore,
    Role.ReplayStore,
    Role.RateStore,
    Role.ConfirmationStore,
    Role.ChannelGroupStore,
    Role.AppPolicyStore,
    Role.QuestionStore,
    TaskQuestionStore,
    AwayStore,
    DigestStore,
    ReportStore,
    WorkflowStore,
    StepUpStore,
    ReviewCardStore {
  /** For readiness checks. */
  ping(): Promise<void>;
  close(): Promise<void>;
}
