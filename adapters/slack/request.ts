/**
 * The request form's handlers: application options as the person types, the levels once one is
 * picked, and the submission, through the same core call as the `request` command.
 */
import { setTimeout as delay } from 'node:timers/promises';
import type { App } from '@slack/bolt';
import { z } from 'zod';
import type { Voice } from '../../src/core/i18n/voice.ts';
import type { ChatActor } from '../../src/core/identity.ts';
import type { Notifier } from '../../src/core/notifier.ts';
import { type Reply, warning } from '../../src/core/reply.ts';
import type { FormOutcome } from '../../src/core/requests/request.ts';
import { slackActor, speaker } from './actor.ts';
import type { SlackContext } from './context.ts';
import {
  actionIds,
  Click,
  callbackIds,
  inputOf,
  RequestMetadata as Meta,
  readMetadata,
  Submission,
  Suggestion,
} from './payloads.ts';
import { renderReply } from './render.ts';
import {
  appOption,
  type LevelChoice,
  requestBlocks,
  requestModal,
  UNAVAILABLE,
  unavailableOption,
} from './request-form.ts';
import { limits } from './rich-text.ts';

/** Options must be in the ack, within Slack's 3 s: a slower service gets an honest option. */
const SUGGEST_WITHIN_MS = 2_000;

export function registerRequestForm(app: App, c: SlackContext, notifier: Notifier): void {
  app.options(actionIds.requestApp, async ({ ack, body }) => {
    const typed = Suggestion.safeParse(body);
    if (!typed.success) {
      await ack({ options: [] });
      return;
    }
    const userId = typed.data.user.id;
    const actor = slackActor(c.people, userId, c.people.known(userId));
    const found = await Promise.race([
      c.bot.requests.searchApps(actor, typed.data.value, limits.options),
      delay(SUGGEST_WITHIN_MS, undefined),
    ]);
    const unavailable = () => [unavailableOption(c.bot.voiceOf(actor))];
    await ack({ options: found?.ok ? found.value.map(appOption) : unavailable() });
  });

  app.action(actionIds.requestApp, async ({ ack, body }) => {
    await ack();
    const click = Click.safeParse(body);
    if (!click.success) return;
    const { view, user } = click.data;
    const picked = click.data.actions[0]?.selected_option;
    if (!view || !picked) return;
    const meta = readMetadata(Meta, view.private_metadata) ?? {};
    const justification =
      inputOf(view.state, requestBlocks.why, actionIds.requestWhy)?.value ?? undefined;
    const named = inputOf(view.state, requestBlocks.for, actionIds.requestFor)?.value ?? undefined;
    const actor = await speaker(c, user.id);
    const levels = await levelsOf(c, actor, picked.value);
    await c.api
      .call(
        'views.update',
        {
          view_id: view.id,
          ...(view.hash ? { hash: view.hash } : {}),
          view: requestModal(c.bot.voiceOf(actor), meta, {
            app: picked,
            levels,
            justification,
            for: named,
          }),
        },
        z.unknown(),
      )
      .catch((error: unknown) => {
        // hash_conflict: the person picked again meanwhile and a newer update wins.
        c.log.info({ err: error }, 'the request form was not updated');
      });
  });

  app.view(callbackIds.request, async ({ ack, body }) => {
    const submission = Submission.safeParse(body);
    // An answer to the form goes back with the ack: in the language already known.
    const userId = submission.data?.user.id;
    const known = c.bot.voiceOf(userId ? c.people.known(userId) : {});
    const refuse = (block: string, said: string) =>
      ack({ response_action: 'errors', errors: { [block]: said } });
    if (!submission.success || !userId) {
      return refuse(requestBlocks.app, known.t('slack.requestStale'));
    }
    const { state, private_metadata } = submission.data.view;
    const picked = inputOf(state, requestBlocks.app, actionIds.requestApp)?.selected_option;
    if (!picked || picked.value === UNAVAILABLE) {
      return refuse(requestBlocks.app, known.t('slack.chooseFromList'));
    }
    const levelBlock = requestBlocks.level(picked.value);
    const level = inputOf(state, levelBlock, actionIds.requestLevel);
    if (level && !level.selected_option) return refuse(levelBlock, known.t('slack.chooseALevel'));
    await ack();
    const justification =
      inputOf(state, requestBlocks.why, actionIds.requestWhy)?.value?.trim() || undefined;
    const chosenLevel = level?.selected_option;
    const named = inputOf(state, requestBlocks.for, actionIds.requestFor)?.value?.trim();
    const actor = await speaker(c, userId);
    const outcome = await c.bot.requests.submit(actor, {
      appId: picked.value,
      levelId: chosenLevel?.value,
      justification,
      ...(named && { for: named }),
    });
    const reply = replyOf(c.bot.voiceOf(actor), outcome);
    c.metrics.actions.inc({ platform: 'slack', action: 'request', outcome: reply.tone });
    const meta = readMetadata(Meta, private_metadata) ?? {};
    await answer(c, notifier, userId, meta.responseUrl, reply);
  });
}

async function levelsOf(c: SlackContext, actor: ChatActor, appId: string): Promise<LevelChoice> {
  if (appId === UNAVAILABLE) {
    return { kind: 'message', text: c.bot.voiceOf(actor).t('slack.notAnApp') };
  }
  const levels = await c.bot.requests.levels(actor, appId);
  return levels.ok
    ? { kind: 'levels', levels: levels.value }
    : { kind: 'message', text: levels.reply.summary };
}

/** The modal has closed by now: what is still missing is said in words, with the way back. */
const replyOf = (v: Voice, outcome: FormOutcome): Reply =>
  outcome.kind === 'done'
    ? outcome.reply
    : warning(v, v.t('slack.formAgain', { note: outcome.note }));

/** Back where the command was typed; a DM when there is no response_url or it has expired. */
export async function answer(
  c: SlackContext,
  notifier: Notifier,
  userId: string,
  responseUrl: string | undefined,
  reply: Reply,
): Promise<void> {
  if (responseUrl) {
    try {
      await c.api.respond(responseUrl, { response_type: 'ephemeral', ...renderReply(reply) });
      return;
    } catch (error) {
      c.log.info({ err: error }, 'response_url refused the answer; sending it as a DM');
    }
  }
  await notifier.post({ kind: 'user', chatUserId: userId }, reply);
}
