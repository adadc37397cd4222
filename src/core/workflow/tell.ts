/** The port a run's completion goes out through: the poller's outbox, once per run. */
import type { Platform } from '../../store/records.ts';
import type { StepCompletion } from '../completer.ts';

export interface TellWorkflow {
  /**
   * Completes the run once, whatever replica asks and however often; `accessUserId`: whose
   * request it is (its filer's, or their chat id, when nobody is known yet).
   */
  complete(
    run: { executionId: string; platform: Platform; accessUserId: string },
    completion: StepCompletion,
  ): Promise<void>;
}
