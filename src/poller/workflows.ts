/**
 * The core's workflow port through the outbox: a run's completion is a `workflow` notification,
 * claimed once per run (the claim's key is the execution id), its `post` the completion call
 * (completion.ts).
 */
import type { TellWorkflow } from '../core/workflow/tell.ts';
import type { PollerContext } from './context.ts';
import { stepTarget } from './targets.ts';

export const outboxWorkflows = (ctx: Pick<PollerContext, 'outbox'>): TellWorkflow => ({
  async complete({ executionId, platform, accessUserId }, completion) {
    const target = stepTarget(platform, executionId);
    await ctx.outbox.send({ event: executionId, target, accessUserId, message: completion });
  },
});
