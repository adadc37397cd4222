/**
 * A workflow step's run completed through the outbox: its `workflow` notification's `post` is
 * the platform's completion call. The claim (unique per run) lets one replica complete it; the
 * started mark comes before the call as for any post, and a run taken over after it is completed
 * again without looking, since the platform answers a repeat as already completed, which the
 * completer takes as done.
 */
import { StepCompletion, StepDestination } from '../core/completer.ts';
import { PlatformUnavailableError } from '../core/notifier.ts';
import type { Intent, IntentEnd, Notification } from '../store/store.ts';
import { countSent, keyOf, type OutboxContext } from './notification.ts';

/** How the intent ends; undefined: it changed hands meanwhile (read it again). */
export async function completeStep(
  ctx: OutboxContext,
  n: Notification,
  intent: Intent,
): Promise<IntentEnd | undefined> {
  const completer = ctx.completers?.get(n.platform);
  if (!completer) throw new PlatformUnavailableError(`no workflow steps on ${n.platform} yet`);
  const { executionId } = StepDestination.parse(n.destination);
  const completion = StepCompletion.parse(intent.body.message);
  const { store, owner, clock } = ctx;
  if (!(await store.markPostTried(keyOf(n), owner, intent.seq, clock.now()))) return undefined;
  await completer.complete(executionId, completion);
  countSent(ctx, n, intent);
  return 'done';
}
