/**
 * An access review group's "Keep everyone left" and "Revoke everyone left": the core answers with
 * the batch's confirmation (or, for a revoke, how to give its one reason), told to the clicker.
 */
import type { App } from '@slack/bolt';
import type { Notifier } from '../../src/core/notifier.ts';
import { speaker } from './actor.ts';
import type { SlackContext } from './context.ts';
import { actionIds, Click } from './payloads.ts';
import { answer } from './request.ts';

export function registerReviews(app: App, c: SlackContext, notifier: Notifier): void {
  app.action(actionIds.reviewAll, async ({ ack, body }) => {
    await ack();
    const click = Click.safeParse(body);
    if (!click.success) return c.log.warn('ignored a review group click with an unusable payload');
    const actor = await speaker(c, click.data.user.id);
    const reply = await c.bot.reviews.clicked(actor, click.data.actions[0]!.value ?? '');
    c.metrics.actions.inc({ platform: 'slack', action: 'review_all', outcome: reply.tone });
    await answer(c, notifier, actor.chatUserId, click.data.response_url, reply);
  });
}
