/**
 * The "Request application access" workflow step (manifest: `functions.request_access`): Bolt's
 * `function_executed` listener hands the run to the core, which files the request and completes
 * the run later through the outbox; this file's completer is that completion's Slack call. Slack
 * answers a repeat of a completed run with `execution_not_in_running_state` (or, once the run is
 * gone, `function_execution_not_found`): done already, so a completion repeated after a crash is
 * harmless.
 */
import type { App } from '@slack/bolt';
import { z } from 'zod';
import type { StepCompleter, StepCompletion } from '../../src/core/completer.ts';
import { slackActor } from './actor.ts';
import type { SlackApi } from './api.ts';
import type { SlackContext } from './context.ts';
import { SlackApiError } from './errors.ts';

export const STEP_CALLBACK_ID = 'request_access';

/** What Slack answers a completion of a run that is no longer running. */
const COMPLETED = new Set(['execution_not_in_running_state', 'function_execution_not_found']);

const Executed = z.object({
  function_execution_id: z.string().min(1),
  inputs: z
    .object({
      person: z.string().optional(),
      application: z.string().optional(),
      permission_level: z.string().optional(),
      justification: z.string().optional(),
      filed_by: z.string().optional(),
    })
    .default({}),
});

export function registerWorkflowStep(app: App, c: SlackContext): void {
  app.function(STEP_CALLBACK_ID, async ({ event, fail }) => {
    const parsed = Executed.safeParse(event);
    if (!parsed.success) {
      c.log.warn(
        { issues: parsed.error.issues.length },
        'a workflow step Slack sent is unreadable',
      );
      return;
    }
    const { function_execution_id: executionId, inputs } = parsed.data;
    const { person, filed_by: filer } = inputs;
    if (!person || !filer) {
      // Both are required in the manifest: Slack does not start a run without them.
      const v = c.bot.voiceOf({});
      await fail({ error: v.t('workflow.badInput', { field: person ? 'filer' : 'person' }) });
      return;
    }
    await c.bot.workflows.run({
      platform: 'slack',
      executionId,
      filer: slackActor(c.people, filer),
      person,
      inputs: {
        app: inputs.application,
        level: inputs.permission_level || undefined,
        justification: inputs.justification,
      },
      mention: async (userId) => slackActor(c.people, userId),
    });
  });
}

export class SlackStepCompleter implements StepCompleter {
  readonly #api: SlackApi;

  constructor(api: SlackApi) {
    this.#api = api;
  }

  async complete(executionId: string, completion: StepCompletion): Promise<void> {
    const call =
      completion.kind === 'success'
        ? this.#api.call(
            'functions.completeSuccess',
            { function_execution_id: executionId, outputs: completion.outputs },
            z.unknown(),
          )
        : this.#api.call(
            'functions.completeError',
            { function_execution_id: executionId, error: completion.error },
            z.unknown(),
          );
    await call.catch((error: unknown) => {
      if (error instanceof SlackApiError && COMPLETED.has(error.slackError)) return;
      throw error;
    });
  }
}
