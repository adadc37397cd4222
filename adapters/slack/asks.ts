/**
 * Ask requester, Answer, and App Home's away switch. Each button opens its form at once (its
 * trigger lasts three seconds); the core checks who may act, whatever the form carried.
 */
import type { App } from '@slack/bolt';
import { z } from 'zod';
import type { ChatActor } from '../../src/core/identity.ts';
import { slackActor, speaker } from './actor.ts';
import type { SlackContext } from './context.ts';
import { publishHome } from './home.ts';
import { answerModal, askModal, awayModal, formBlocks } from './modals.ts';
import {
  AnswerMetadata,
  actionIds,
  Click,
  callbackIds,
  inputOf,
  readMetadata,
  Submission,
  TaskId,
  TaskMetadata,
} from './payloads.ts';
import { renderBlocks } from './render.ts';
import { originOf, showOutcome } from './replace-message.ts';

export function registerAsks(app: App, c: SlackContext): void {
  const count = (action: string, outcome: string) =>
    c.metrics.actions.inc({ platform: 'slack', action, outcome });

  /** A button that opens a form for what its value names (a task, a question). */
  const opens = <T>(
    actionId: string,
    schema: z.ZodType<T, string>,
    view: (v: ReturnType<typeof c.bot.voiceOf>, value: T, origin: unknown) => unknown,
  ) =>
    app.action(actionId, async ({ ack, body }) => {
      await ack();
      const click = Click.safeParse(body);
      const origin = click.success ? originOf(click.data) : undefined;
      const value = schema.safeParse(click.data?.actions[0]?.value ?? '');
      if (!click.success || !origin || !value.success) {
        count(actionId, 'malformed');
        return;
      }
      // In the language already known: the form must open within the trigger's 3 s.
      const v = c.bot.voiceOf(c.people.known(click.data.user.id));
      const opened = { trigger_id: click.data.trigger_id, view: view(v, value.data, origin) };
      await c.api.call('views.open', opened, z.unknown());
    });
  opens(actionIds.ask, TaskId, (v, taskId, origin) =>
    askModal(v, TaskMetadata.parse({ taskId, origin })),
  );
  opens(actionIds.answer, TaskId, (v, questionId, origin) =>
    answerModal(v, AnswerMetadata.parse({ questionId, origin })),
  );

  /** A submitted form: its metadata and text, the person, or an error shown in the form. */
  const submitted = <M extends z.ZodType>(
    callback: string,
    schema: M,
    block: string,
    actionId: string,
    handle: (actor: ChatActor, meta: z.infer<M>, text: string) => Promise<void>,
  ) =>
    app.view(callback, async ({ ack, body }) => {
      const submission = Submission.safeParse(body);
      const meta = submission.success
        ? readMetadata(schema, submission.data.view.private_metadata)
        : undefined;
      const userId = submission.data?.user.id;
      const known = c.bot.voiceOf(userId ? c.people.known(userId) : {});
      const text = inputOf(submission.data?.view.state, block, actionId)?.value?.trim();
      if (!meta || !userId || !text) {
        count(callback, 'malformed');
        await ack({ response_action: 'errors', errors: { [block]: known.t('slack.staleForm') } });
        return;
      }
      await ack();
      await handle(await speaker(c, userId), meta, text);
    });
  submitted(
    callbackIds.ask,
    TaskMetadata,
    formBlocks.question,
    actionIds.askText,
    async (actor, meta, text) => {
      const reply = await c.bot.asks.ask(actor, meta.taskId, text);
      count('ask', reply.tone);
      await showOutcome(c, meta.origin, actor, { reply });
    },
  );
  submitted(
    callbackIds.answer,
    AnswerMetadata,
    formBlocks.answer,
    actionIds.answerText,
    async (actor, meta, text) => {
      const reply = await c.bot.asks.answer(actor, meta.questionId, text);
      count('answer', reply.tone);
      await showOutcome(c, meta.origin, actor, { reply });
    },
  );
  registerAway(app, c, count);
}

/** App Home's switch: I'm away (a form) and I'm back; the tab shows the outcome. */
function registerAway(app: App, c: SlackContext, count: (action: string, outcome: string) => void) {
  app.action(actionIds.away, async ({ ack, body }) => {
    await ack();
    const click = Click.safeParse(body);
    if (!click.success) return count('away', 'malformed');
    const actor = slackActor(c.people, click.data.user.id, c.people.known(click.data.user.id));
    const view = awayModal(c.bot.voiceOf(actor), c.bot.away.formDay(actor));
    await c.api.call('views.open', { trigger_id: click.data.trigger_id, view }, z.unknown());
  });
  app.action(actionIds.back, async ({ ack, body }) => {
    await ack();
    const click = Click.safeParse(body);
    if (!click.success) return count('back', 'malformed');
    const userId = click.data.user.id;
    const reply = await c.bot.away.set(await speaker(c, userId), undefined);
    count('back', reply.tone);
    await publishHome(c, userId, renderBlocks(reply));
  });
  app.view(callbackIds.away, async ({ ack, body }) => {
    const submission = Submission.safeParse(body);
    const state = submission.data?.view.state;
    const day = inputOf(state, formBlocks.day, actionIds.awayDay)?.selected_date;
    const userId = submission.data?.user.id;
    if (!userId || !day) {
      count('away', 'malformed');
      const v = c.bot.voiceOf(userId ? c.people.known(userId) : {});
      await ack({
        response_action: 'errors',
        errors: { [formBlocks.day]: v.t('slack.awayNoDay') },
      });
      return;
    }
    await ack();
    const note = inputOf(state, formBlocks.note, actionIds.awayNote)?.value?.trim() || undefined;
    const reply = await c.bot.away.set(await speaker(c, userId), day, note);
    count('away', reply.tone);
    await publishHome(c, userId, renderBlocks(reply));
  });
}
