/**
 * An application's card on Slack: its buttons and the modals they open. A button carries only the
 * application's id, so the core gives the form again when clicked; a submitted form, like a typed
 * `app set`, answers with the change's confirmation card, and nothing changes until confirmed.
 */
import type { App } from '@slack/bolt';
import { z } from 'zod';
import { MarkValue } from '../../src/core/apps/forms.ts';
import type { Voice } from '../../src/core/i18n/voice.ts';
import type { ChatActor } from '../../src/core/identity.ts';
import type { Notifier } from '../../src/core/notifier.ts';
import type { Reply } from '../../src/core/reply.ts';
import { speaker } from './actor.ts';
import type { SlackContext } from './context.ts';
import { appFormModal, formValues } from './modals.ts';
import {
  AppFormMetadata,
  actionIds,
  Click,
  callbackIds,
  inputOf,
  readMetadata,
  Submission,
} from './payloads.ts';
import { renderBlocks } from './render.ts';
import { answer } from './request.ts';
import { requestBlocks, requestModal } from './request-form.ts';
import { limits, plain } from './rich-text.ts';

type AppClick = { click: Click; actor: ChatActor; v: Voice; value: string };

export function registerApps(app: App, c: SlackContext, notifier: Notifier): void {
  const on = (actionId: string, handle: (a: AppClick) => Promise<void>) =>
    app.action(actionId, async ({ ack, body }) => {
      await ack();
      const click = Click.safeParse(body);
      if (!click.success) {
        c.log.warn({ actionId }, 'ignored an application click with an unusable payload');
        return;
      }
      const actor = await speaker(c, click.data.user.id);
      const value = click.data.actions[0]!.value ?? '';
      await handle({ click: click.data, actor, v: c.bot.voiceOf(actor), value });
    });
  const tell = (a: AppClick, reply: Reply) =>
    answer(c, notifier, a.actor.chatUserId, a.click.response_url, reply);
  // A click in a modal opens what it shows on top of it.
  const open = (a: AppClick, view: unknown) =>
    c.api.call(
      a.click.view?.type === 'modal' ? 'views.push' : 'views.open',
      { trigger_id: a.click.trigger_id, view },
      z.unknown(),
    );

  on(actionIds.appRequest, async (a) => {
    const found = await c.bot.apps.requestForm(a.actor, a.value);
    if (!found.ok) return tell(a, found.reply);
    const { app: chosen, levels } = found.value;
    const picked = { value: chosen.id, text: { text: chosen.name } };
    const meta = { responseUrl: a.click.response_url };
    await open(a, requestModal(a.v, meta, { app: picked, levels: { kind: 'levels', levels } }));
  });

  const form = (kind: 'field' | 'policy') => async (a: AppClick) => {
    const got = await c.bot.apps.form(a.actor, a.value, kind);
    if (!got.ok) return tell(a, got.reply);
    const responseUrl = a.click.response_url;
    const meta = { appId: a.value, kind, ...(responseUrl && { responseUrl }) };
    await open(a, appFormModal(a.v, got.value, meta));
  };
  on(actionIds.appField, form('field'));
  on(actionIds.appPolicy, form('policy'));

  on(actionIds.appMark, async (a) => {
    const mark = MarkValue.safeParse(a.value);
    if (!mark.success) return c.log.warn('ignored a Mark click with an unusable value');
    const reply = await c.bot.apps.mark(a.actor, mark.data.appId, mark.data.mark);
    c.metrics.actions.inc({ platform: 'slack', action: 'app_mark', outcome: reply.tone });
    await tell(a, reply);
  });

  // The request form's "About this application": the card over the form, without its buttons
  // (the words to type stay): a modal holds at most three views.
  on(actionIds.appCard, async (a) => {
    const picked = inputOf(a.click.view?.state, requestBlocks.app, actionIds.requestApp);
    const appId = picked?.selected_option?.value ?? a.value;
    const card = await c.bot.apps.card(a.actor, appId);
    const shown = { ...card, blocks: card.blocks.filter((b) => b.kind !== 'actions') };
    await open(a, {
      type: 'modal',
      title: plain(a.v.t('app.cardTitle'), limits.modalTitle),
      close: plain(a.v.t('app.back'), limits.modalButton),
      blocks: renderBlocks(shown, { maxBlocks: limits.viewBlocks }),
    });
  });

  app.view(callbackIds.appForm, async ({ ack, body }) => {
    await ack();
    const submission = Submission.safeParse(body);
    if (!submission.success) return c.log.warn('ignored an application form it cannot read');
    const { user, view } = submission.data;
    const meta = readMetadata(AppFormMetadata, view.private_metadata);
    if (!meta) return c.log.warn('ignored an application form without its metadata');
    const actor = await speaker(c, user.id);
    const reply = await c.bot.apps.submit(actor, meta.appId, meta.kind, formValues(view.state));
    c.metrics.actions.inc({ platform: 'slack', action: `app_${meta.kind}`, outcome: reply.tone });
    await answer(c, notifier, user.id, meta.responseUrl, reply);
  });
}
