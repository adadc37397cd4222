/**
 * Approve, Decline and Approve all, from any message or App Home. Each click is acknowledged
 * first; the core then checks that the task is in the clicker's own pending list, whatever the
 * button says, and the outcome is shown where the click came from. Clicks on the same task are
 * run one after another in this process, so a double click decides once (across replicas the
 * service's 409 does the same).
 */
import type { App } from '@slack/bolt';
import { z } from 'zod';
import { MAX_REASON_LENGTH } from '../../src/core/commands.ts';
import type { Decision, DecisionResult } from '../../src/core/decide.ts';
import { plural } from '../../src/core/format.ts';
import { listBlock, type Reply, success, warning } from '../../src/core/reply.ts';
import type { AuditOutcome } from '../../src/store/store.ts';
import { slackActor } from './actor.ts';
import type { SlackContext } from './context.ts';
import { declineModal, reasonBlock } from './decline-modal.ts';
import {
  actionIds,
  callbackIds,
  DeclineMetadata,
  type Origin,
  readMetadata,
  TaskId,
  TaskIdList,
} from './ids.ts';
import { ackFirst, PerKey } from './inflight.ts';
import { type Outcome, originOf, type Person, type PublishHome, showOutcome } from './origin.ts';
import { Click, inputOf, Submission } from './payloads.ts';
import { cardBlocks, renderBlocks } from './render.ts';

const said: Record<AuditOutcome, string> = {
  approved: 'approved',
  declined: 'declined',
  already_decided: 'already decided',
  not_assignee: 'not yours',
  not_found: 'no longer exists',
  failed: 'failed',
};

const stale = warning(
  'That button is not valid (it does not name a task). Type the slash command with `tasks` to see yours.',
);

function outcomeOfDecision(result: DecisionResult): Outcome {
  const lead = result.card ? cardBlocks(result.card, result.reply.summary) : undefined;
  return { lead, reply: result.reply };
}

export function approveAllReply(results: Array<{ taskId: string; result: DecisionResult }>): Reply {
  const items = results.map(({ taskId, result }) => {
    const what = `${result.card?.title ?? `Task ${taskId}`}: ${said[result.outcome]}`;
    return result.outcome === 'failed' ? `${what} — ${result.reply.summary}` : what;
  });
  const approved = results.filter((r) => r.result.outcome === 'approved').length;
  const title = `Approved ${approved} of ${plural(results.length, 'task')}`;
  const make = approved === results.length ? success : warning;
  return make(`${title}. ${items.join('; ')}`, { title, blocks: [listBlock(items, 50)] });
}

export function registerDecisions(app: App, c: SlackContext, publishHome: PublishHome): void {
  const serial = new PerKey();
  const decide = (person: Person, taskId: string, decision: Decision, reason?: string) =>
    serial.run(taskId, () => c.bot.decide(person.actor, taskId, decision, reason));
  const count = (action: string, outcome: string) =>
    c.metrics.actions.inc({ platform: 'slack', action, outcome });

  /** The click, its origin and who made it; undefined (logged) when the payload is not usable. */
  const clickOf = (body: unknown) => {
    const click = Click.safeParse(body);
    const origin = click.success ? originOf(click.data) : undefined;
    if (!click.success || !origin) {
      c.log.warn({ issues: click.error?.issues }, 'ignored a Slack click with an unusable payload');
      count('click', 'malformed');
      return undefined;
    }
    const userId = click.data.user.id;
    const person: Person = { userId, actor: slackActor(c.api, userId) };
    return { click: click.data, origin, person, value: click.data.actions[0]!.value ?? '' };
  };
  const show = (origin: Origin, person: Person, outcome: Outcome) =>
    showOutcome(c, publishHome, origin, person, outcome);

  type Clicked = NonNullable<ReturnType<typeof clickOf>>;
  /** A button whose value `schema` parses; a value we cannot use gets a plain answer. */
  const onButton = <T>(
    actionId: string,
    action: string,
    schema: z.ZodType<T, string>,
    handle: (got: Clicked, value: T) => Promise<void>,
  ) =>
    app.action(actionId, async ({ ack, body }) => {
      await ackFirst(ack);
      const got = clickOf(body);
      if (!got) return;
      const value = schema.safeParse(got.value);
      if (!value.success) {
        count(action, 'malformed');
        return show(got.origin, got.person, { reply: stale });
      }
      await handle(got, value.data);
    });

  onButton(actionIds.approve, 'approve', TaskId, async (got, taskId) => {
    const result = await decide(got.person, taskId, 'approve');
    count('approve', result.outcome);
    await show(got.origin, got.person, outcomeOfDecision(result));
  });

  onButton(actionIds.decline, 'decline', TaskId, async (got, taskId) => {
    // The trigger expires three seconds after the click: the form opens before any other call.
    const view = declineModal({ taskId, origin: got.origin });
    await c.api.call('views.open', { trigger_id: got.click.trigger_id, view }, z.unknown());
  });

  app.view(callbackIds.decline, async ({ ack, body }) => {
    const submission = Submission.safeParse(body);
    const meta = submission.success
      ? readMetadata(DeclineMetadata, submission.data.view.private_metadata)
      : undefined;
    if (!submission.success || !meta) {
      count('decline', 'malformed');
      await ack({
        response_action: 'errors',
        errors: { [reasonBlock]: 'This form is out of date. Close it and click Decline again.' },
      });
      return;
    }
    const reason = inputOf(
      submission.data.view.state,
      reasonBlock,
      actionIds.declineReason,
    )?.value?.trim();
    if (reason && reason.length > MAX_REASON_LENGTH) {
      await ack({
        response_action: 'errors',
        errors: { [reasonBlock]: `At most ${MAX_REASON_LENGTH} characters, please.` },
      });
      return;
    }
    await ackFirst(ack);
    const userId = submission.data.user.id;
    const person: Person = { userId, actor: slackActor(c.api, userId) };
    const result = await decide(person, meta.taskId, 'decline', reason || undefined);
    count('decline', result.outcome);
    await show(meta.origin, person, outcomeOfDecision(result));
  });

  onButton(actionIds.approveAll, 'approve_all', TaskIdList, async (got, ids) => {
    const results = [];
    for (const taskId of new Set(ids)) {
      const result = await decide(got.person, taskId, 'approve');
      count('approve_all', result.outcome);
      results.push({ taskId, result });
    }
    const summary = approveAllReply(results);
    await show(got.origin, got.person, { lead: renderBlocks(summary), reply: summary });
  });
}
