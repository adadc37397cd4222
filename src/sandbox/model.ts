/**
 * The sandbox's records, each exactly the JSON body served for it. What the service keeps but does
 * not show (members, policy assignments, field values) lives in the state beside them.
 */
import type { TaskFacts } from '../access/schemas.ts';

const taskTypes = ['AccessRequest', 'EntitlementReview', 'OffboardingStep'] as const;
export type TaskType = (typeof taskTypes)[number];

/** A policy says who decides that type of task. */
export type RequestType = TaskType;
export const isRequestType = (value: string): value is RequestType =>
  (taskTypes as readonly string[]).includes(value);

export type TaskStatus = 'Pending' | 'Approved' | 'Declined';
export type Decision = Exclude<TaskStatus, 'Pending'>;
export type AccessStatus = TaskStatus | 'Revoked';

export interface UserRecord {
  id: string;
  email: string;
  displayName: string;
  jobTitle: string;
}

interface DescribedRecord {
  id: string;
  name: string;
  description: string;
}
export type GroupRecord = DescribedRecord;
export type WorkAppRecord = DescribedRecord;
export type PermissionLevelRecord = DescribedRecord;

export interface CustomFieldRecord {
  id: string;
  name: string;
  value: string | null;
}

export interface AccessRecord {
  id: string;
  workAppId: string;
  userId: string;
  permissionLevelId: string | null;
  status: AccessStatus;
  justification: string | null;
  createdAt: string;
  taskIds: string[];
}

export interface PolicyRecord {
  id: string;
  name: string;
  requestType: RequestType;
  approverIds: string[];
}

type TargetKey =
  | 'workAppId'
  | 'workAppName'
  | 'permissionLevelId'
  | 'permissionLevelName'
  | 'userId'
  | 'userDisplayName';

/** `target` and `metadata` use exactly the keys the client reads (schemas.ts). */
export interface TaskRecord {
  id: string;
  type: TaskType;
  status: TaskStatus;
  assigneeId: string;
  target: Pick<TaskFacts, TargetKey>;
  metadata: Omit<TaskFacts, TargetKey> & { createdAt: string };
}
