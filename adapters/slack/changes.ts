/**
 * Confirm and Cancel on a group change's card. The core checks the clicker asked for it and
 * claims it before changing anything; a refusal is told to the clicker alone.
 */
import type { App } from '@slack/bolt';
import { z } from 'zod';
import { ConfirmCode } from '../../src/core/confirm/code.ts';
import { warning } from '../../src/core/reply.ts';
import { speaker } from './actor.ts';
import type { SlackContext } from './context.ts';
import { actionIds, Click } from './payloads.ts';
import { renderReply } from './render.ts';
import { originOf, tellPrivately } from './replace-message.ts';

export function registerChanges(app: App, c: SlackContext): void {
  const on = (actionId: string, verb: 'confirm' | 'cancel') =>
    app.action(actionId, async ({ ack, body }) => {
      await ack();
      const count = (outcome: string) =>
        c.metrics.actions.inc({ platform: 'slack', action: `change_${verb}`, outcome });
      const click = Click.safeParse(body);
      const origin = click.success ? originOf(click.data) : undefined;
      if (!click.success || !origin || origin.kind === 'home') {
        c.log.warn('ignored a group change click with an unusable payload');
        return count('malformed');
      }
      const userId = click.data.user.id;
      const actor = await speaker(c, userId);
      const id = ConfirmCode.safeParse(click.data.actions[0]!.value ?? '');
      if (!id.success) {
        count('malformed');
        const v = c.bot.voiceOf(actor);
        return tellPrivately(c, origin, userId, warning(v, v.t('slack.invalidChange')));
      }
      const result = await c.bot.changes.clicked(actor, id.data, verb);
      count(result.outcome);
      if (result.message.kind === 'keep') return tellPrivately(c, origin, userId, result.reply);
      const message = renderReply(result.message.reply);
      if (origin.kind === 'ephemeral') {
        return c.api.respond(origin.responseUrl, { replace_original: true, ...message });
      }
      const edit = { channel: origin.channel, ts: origin.ts, ...message };
      await c.api.call('chat.update', edit, z.unknown());
    });
  on(actionIds.confirmChange, 'confirm');
  on(actionIds.cancelChange, 'cancel');
}
