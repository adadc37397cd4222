/** The store slice of workflow steps' runs (`src/store/tables/workflow.ts`); records read are checked. */
import { z } from 'zod';
import { Platform } from '../../store/records.ts';

/** One run of the "Request application access" step, by the platform's execution id. */
export const WorkflowRun = z.object({
  executionId: z.string().min(1),
  platform: Platform,
  startedAt: z.date(),
  /** The request it filed; null until it is filed. */
  accessId: z.string().nullable(),
  /** When its completion was handed to the outbox; null while it runs. */
  closedAt: z.date().nullable(),
});
export type WorkflowRun = z.infer<typeof WorkflowRun>;

export interface WorkflowStore {
  /** True when this call stored it: the platform's repeats of the same run find it there. */
  startWorkflowRun(
    run: Pick<WorkflowRun, 'executionId' | 'platform' | 'startedAt'>,
  ): Promise<boolean>;
  noteWorkflowFiled(executionId: string, accessId: string): Promise<void>;
  /** The open runs that filed one of these requests. */
  workflowRunsFiling(accessIds: readonly string[]): Promise<WorkflowRun[]>;
  /** Open runs started before `before` that never filed their request (their replica died). */
  strandedWorkflowRuns(before: Date, limit: number): Promise<WorkflowRun[]>;
  closeWorkflowRun(executionId: string, now: Date): Promise<void>;
}
