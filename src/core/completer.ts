/**
 * The port a platform with workflow steps implements (Slack's custom steps): a step that runs
 * for a while is completed later, by its execution id, with its outputs or an error. The outbox
 * completes each run once (a `workflow` notification); what is completed is stored before the
 * call, so a repeat after a crash must be harmless: the platform's "already completed" is done.
 */
import { z } from 'zod';

/** What a run of a step ends with: its outputs, or an error its workflow's author reads. */
export const StepCompletion = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('success'),
    outputs: z.record(z.string(), z.string()),
  }),
  z.object({ kind: z.literal('error'), error: z.string().min(1) }),
]);
export type StepCompletion = z.infer<typeof StepCompletion>;

/** Where a completion goes: the notification's destination, stored as it is. */
export const StepDestination = z.object({
  kind: z.literal('workflow'),
  executionId: z.string().min(1),
});
export type StepDestination = z.infer<typeof StepDestination>;

export interface StepCompleter {
  /** Resolves also when the run was already completed (a repeat after a crash). */
  complete(executionId: string, completion: StepCompletion): Promise<void>;
}
