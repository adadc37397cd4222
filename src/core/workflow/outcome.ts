/**
 * A run ends when its request is decided: the requests' poller hook hands over each decided
 * request before it closes it, so a run whose completion was not claimed yet is found again at
 * the next poll. A run whose replica died while filing (no request recorded, none completed) is
 * completed with an error after a while: whether the service took the request is not known.
 */
import type { StepCompletion } from '../completer.ts';
import { channelVoice, type VoiceDefaults } from '../i18n/voice.ts';
import type { DecidedRequest } from '../requests/index.ts';
import type { Sweep } from '../sweep.ts';
import { inert } from '../text.ts';
import type { WorkflowStore } from './store.ts';
import type { TellWorkflow } from './tell.ts';

/** Filing takes seconds; a run still filing after this long lost its replica. */
export const STRANDED_AFTER_MS = 10 * 60_000;
const STRANDED_PER_SWEEP = 50;

export interface WorkflowHookDeps {
  workflows: TellWorkflow;
  voices?: VoiceDefaults | undefined;
}

/** The step's outputs for a decided request; other endings are errors its author reads. */
function completionOf(deps: WorkflowHookDeps, decided: DecidedRequest): StepCompletion {
  const { state, decidedBy, reason, accessId } = decided;
  if (state === 'approved' || state === 'declined') {
    const outputs = {
      outcome: state,
      request: accessId,
      // Text people wrote: data wherever the workflow shows it.
      ...(decidedBy && { decided_by: inert(decidedBy) }),
      ...(reason && { reason: inert(reason) }),
    };
    return { kind: 'success', outputs };
  }
  const v = channelVoice(deps.voices);
  return { kind: 'error', error: v.t('workflow.ended', { state }) };
}

export async function completeDecided(
  sweep: Sweep<WorkflowStore>,
  deps: WorkflowHookDeps,
  decided: DecidedRequest,
): Promise<void> {
  const runs = await sweep.store.workflowRunsFiling([decided.accessId]);
  for (const run of runs) {
    const { executionId, platform } = run;
    await deps.workflows.complete(
      { executionId, platform, accessUserId: decided.accessUserId },
      completionOf(deps, decided),
    );
    await sweep.store.closeWorkflowRun(executionId, sweep.clock.now());
  }
}

/** Runs whose replica died before their request was recorded: told so, once. */
export async function completeStranded(
  sweep: Pick<Sweep<WorkflowStore>, 'store' | 'clock'>,
  deps: WorkflowHookDeps,
): Promise<void> {
  const now = sweep.clock.now();
  const before = new Date(now.getTime() - STRANDED_AFTER_MS);
  const v = channelVoice(deps.voices);
  for (const run of await sweep.store.strandedWorkflowRuns(before, STRANDED_PER_SWEEP)) {
    const { executionId, platform } = run;
    const completion = { kind: 'error' as const, error: v.t('workflow.interrupted') };
    await deps.workflows.complete(
      { executionId, platform, accessUserId: `${platform}:${executionId}` },
      completion,
    );
    await sweep.store.closeWorkflowRun(executionId, now);
  }
}
