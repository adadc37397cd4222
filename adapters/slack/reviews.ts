/**
 * An access review group's "Keep everyone left" and "Revoke everyone left": the core answers with
 * the batch's confirmation, told to the clicker. A revoke first asks its one reason in a form,
 * opened at once while the click's trigger is fresh.
 */
import type { App } from '@slack/bolt';
import { z } from 'zod';
import { MAX_REASON_LENGTH } from '../../src/core/grammar.ts';
import type { ChatActor } from '../../src/core/identity.ts';
import type { Notifier } from '../../src/core/notifier.ts';
import { REASON_INPUT, revokeAllForm } from '../../src/core/reviews/messages.ts';
import { slackActor, speaker } from './actor.ts';
import type { SlackContext } from './context.ts';
import { formModal, formValues } from './modals.ts';
import { actionIds, Click, callbackIds, readMetadata, Submission } from './payloads.ts';
import { answer } from './request.ts';

const Metadata = z.object({ value: z.string().max(1000), responseUrl: z.url().optional() });

export function registerReviews(app: App, c: SlackContext, notifier: Notifier): void {
  const batch = async (actor: ChatActor, value: string, at?: string, reason?: string) => {
    const reply = await c.bot.reviews.clicked(actor, value, reason);
    c.metrics.actions.inc({ platform: 'slack', action: 'review_all', outcome: reply.tone });
    await answer(c, notifier, actor.chatUserId, at, reply);
  };

  app.action(actionIds.reviewAll, async ({ ack, body }) => {
    await ack();
    const click = Click.safeParse(body);
    if (!click.success) return c.log.warn('ignored a review group click with an unusable payload');
    const { user, response_url: responseUrl, trigger_id: trigger } = click.data;
    const value = click.data.actions[0]!.value ?? '';
    if (!value.endsWith(':revoke')) return batch(await speaker(c, user.id), value, responseUrl);
    const v = c.bot.voiceOf(slackActor(c.people, user.id, c.people.known(user.id)));
    const view = formModal(v, callbackIds.reviewAll, revokeAllForm(v), { value, responseUrl });
    await c.api.call('views.open', { trigger_id: trigger, view }, z.unknown());
  });

  app.view(callbackIds.reviewAll, async ({ ack, body }) => {
    const submission = Submission.safeParse(body);
    const meta = submission.success
      ? readMetadata(Metadata, submission.data.view.private_metadata)
      : undefined;
    if (!submission.success || !meta) {
      await ack();
      return c.log.warn('ignored a review group form it cannot read');
    }
    const reason = formValues(submission.data.view.state)[REASON_INPUT]?.trim();
    if (reason && reason.length > MAX_REASON_LENGTH) {
      const v = c.bot.voiceOf(c.people.known(submission.data.user.id));
      const said = v.t('slack.reasonTooLong', { max: MAX_REASON_LENGTH });
      await ack({ response_action: 'errors', errors: { [REASON_INPUT]: said } });
      return;
    }
    await ack();
    const actor = await speaker(c, submission.data.user.id);
    await batch(actor, meta.value, meta.responseUrl, reason || undefined);
  });
}
