/**
 * One call made in a proactive turn (`continueConversationAsync`). The call's own error is
 * carried out of the turn by hand: botbuilder hands errors thrown inside a turn to
 * `onTurnError` instead of rethrowing them to whoever started the turn.
 */
import type { CloudAdapter, ConversationReference, TurnContext } from 'botbuilder';
import type { ConversationRef } from './references.ts';

type Outcome<T> = { ok: true; value: T } | { ok: false; error: unknown };

export async function inConversation<T>(
  adapter: CloudAdapter,
  appId: string,
  reference: ConversationRef,
  call: (context: TurnContext) => Promise<T>,
): Promise<T> {
  let outcome = { ok: false, error: new Error('the proactive turn did not run') } as Outcome<T>;
  // The schema checked what a send needs; botbuilder's typings also list display-only fields.
  const ref = reference as unknown as Partial<ConversationReference>;
  await adapter.continueConversationAsync(appId, ref, async (context) => {
    try {
      outcome = { ok: true, value: await call(context) };
    } catch (error) {
      outcome = { ok: false, error };
    }
  });
  if (!outcome.ok) throw outcome.error;
  return outcome.value;
}
