/**
 * Approve, Decline, Looking at it and Approve all. The core checks the task is in the clicker's
 * own pending list, whatever the button says. A posted card is the outbox's to edit; the clicker's
 * own views (`tasks`, App Home) are drawn again here.
 */
import type { App } from '@slack/bolt';
import { z } from 'zod';
import { MAX_REASON_LENGTH } from '../../src/core/grammar.ts';
import type { Voice } from '../../src/core/i18n/voice.ts';
import type { ChatActor } from '../../src/core/identity.ts';
import { warning } from '../../src/core/reply.ts';
import type { DecisionResult } from '../../src/core/tasks/decision-result.ts';
import { slackActor, speaker } from './actor.ts';
import type { SlackContext } from './context.ts';
import { approveModal, declineModal, formBlocks } from './modals.ts';
import {
  ApproveMetadata,
  ApproveValue,
  actionIds,
  Click,
  callbackIds,
  inputOf,
  type Origin,
  readMetadata,
  Submission,
  TaskId,
  TaskIdList,
  TaskMetadata,
} from './payloads.ts';
import { cardBlocks, renderBlocks } from './render.ts';
import { type Outcome, originOf, showOutcome } from './replace-message.ts';

const stale = (v: Voice) => warning(v, v.t('slack.staleButton'));

export function registerDecisions(app: App, c: SlackContext): void {
  const count = (action: string, outcome: string) =>
    c.metrics.actions.inc({ platform: 'slack', action, outcome });

  /** `quick`: a form opens next, within the trigger's 3 s, in the language already known. */
  const clickOf = async (body: unknown, quick = false) => {
    const click = Click.safeParse(body);
    const origin = click.success ? originOf(click.data) : undefined;
    if (!click.success || !origin) {
      c.log.warn({ issues: click.error?.issues }, 'ignored a Slack click with an unusable payload');
      count('click', 'malformed');
      return undefined;
    }
    const userId = click.data.user.id;
    const actor = quick
      ? slackActor(c.people, userId, c.people.known(userId))
      : await speaker(c, userId);
    const value = click.data.actions[0]!.value ?? '';
    return { click: click.data, origin, actor, value, v: c.bot.voiceOf(actor) };
  };
  const show = (origin: Origin, actor: ChatActor, outcome: Outcome) =>
    showOutcome(c, origin, actor, outcome);
  /**
   * A view shows the task as it now stands; a card, the outbox's, shows the clicker's decision;
   * a posted list's row (the daily digest), which nothing edits, has its clicker told.
   */
  const showDecision = (origin: Origin, actor: ChatActor, result: DecisionResult) => {
    const { settled, reply, outcome } = result;
    const card = origin.kind === 'message' && !origin.list;
    if (card && (outcome === 'approved' || outcome === 'declined')) return;
    const lead = settled && cardBlocks(settled.card, reply.summary, reply.locale);
    return show(origin, actor, { lead, reply });
  };

  type Clicked = NonNullable<Awaited<ReturnType<typeof clickOf>>>;
  const onButton = <T>(
    actionId: string,
    action: string,
    schema: z.ZodType<T, string>,
    handle: (got: Clicked, value: T) => Promise<void>,
    quick = false,
  ) =>
    app.action(actionId, async ({ ack, body }) => {
      await ack();
      const got = await clickOf(body, quick);
      if (!got) return;
      const value = schema.safeParse(got.value);
      if (!value.success) {
        count(action, 'malformed');
        return show(got.origin, got.actor, { reply: stale(got.v) });
      }
      await handle(got, value.data);
    });

  // A sensitive application's approval is confirmed in a form; if it cannot open (the trigger
  // expired while the core checked), the person is shown the confirmation's own card instead.
  onButton(actionIds.approve, 'approve', ApproveValue, async (got, { taskId, code }) => {
    const result = await c.bot.tasks.decide(got.actor, taskId, 'approve', undefined, code);
    count('approve', result.outcome);
    if (result.confirm) {
      const view = approveModal(got.v, result.confirm, got.origin);
      try {
        await c.api.call('views.open', { trigger_id: got.click.trigger_id, view }, z.unknown());
        return;
      } catch (error) {
        c.log.info({ err: error }, 'could not open the approval confirmation form');
      }
    }
    await showDecision(got.origin, got.actor, result);
  });

  app.view(callbackIds.approve, async ({ ack, body }) => {
    await ack();
    const submission = Submission.safeParse(body);
    const meta = submission.success
      ? readMetadata(ApproveMetadata, submission.data.view.private_metadata)
      : undefined;
    if (!submission.success || !meta) {
      c.log.warn('ignored an approval confirmation with unusable metadata');
      count('approve', 'malformed');
      return;
    }
    const actor = await speaker(c, submission.data.user.id);
    const result = await c.bot.tasks.decide(actor, meta.taskId, 'approve', undefined, meta.code);
    count('approve', result.outcome);
    await showDecision(meta.origin, actor, result);
  });

  // The trigger expires three seconds after the click: the form opens before any other call.
  const openDecline = async (got: Clicked, taskId: string) => {
    const view = declineModal(got.v, { taskId, origin: got.origin });
    await c.api.call('views.open', { trigger_id: got.click.trigger_id, view }, z.unknown());
    // Whoever opens the form is looking at the task; the answer is said to nobody.
    await c.bot.tasks.look(got.actor, taskId);
  };
  onButton(actionIds.decline, 'decline', TaskId, openDecline, true);

  onButton(actionIds.looking, 'looking', TaskId, async (got, taskId) => {
    const reply = await c.bot.tasks.look(got.actor, taskId);
    count('looking', reply.tone);
    await show(got.origin, got.actor, { reply });
  });

  app.view(callbackIds.decline, async ({ ack, body }) => {
    const submission = Submission.safeParse(body);
    const meta = submission.success
      ? readMetadata(TaskMetadata, submission.data.view.private_metadata)
      : undefined;
    // An answer to the form goes back with the ack: in the language already known.
    const userId = submission.data?.user.id;
    const known = c.bot.voiceOf(userId ? c.people.known(userId) : {});
    if (!submission.success || !meta || !userId) {
      count('decline', 'malformed');
      await ack({
        response_action: 'errors',
        errors: { [formBlocks.reason]: known.t('slack.staleForm') },
      });
      return;
    }
    const reason = inputOf(
      submission.data.view.state,
      formBlocks.reason,
      actionIds.declineReason,
    )?.value?.trim();
    if (reason && reason.length > MAX_REASON_LENGTH) {
      const said = known.t('slack.reasonTooLong', { max: MAX_REASON_LENGTH });
      await ack({ response_action: 'errors', errors: { [formBlocks.reason]: said } });
      return;
    }
    await ack();
    const actor = await speaker(c, userId);
    const result = await c.bot.tasks.decide(actor, meta.taskId, 'decline', reason || undefined);
    count('decline', result.outcome);
    await showDecision(meta.origin, actor, result);
  });

  onButton(actionIds.approveAll, 'approve_all', TaskIdList, async (got, ids) => {
    const { reply: summary, results } = await c.bot.tasks.approveAll(got.actor, ids);
    for (const { result } of results) count('approve_all', result.outcome);
    await show(got.origin, got.actor, { lead: renderBlocks(summary), reply: summary });
  });
}
