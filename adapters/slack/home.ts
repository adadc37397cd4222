/**
 * The App Home tab: the person's pending tasks with the same buttons as anywhere else, a button
 * to request access, and their recent actions taken through accessbot (decisions, group changes,
 * changes made to them). The Access Service has no list of one person's own access requests, so
 * "recent" comes from the store's audit log.
 */
import type { App } from '@slack/bolt';
import { z } from 'zod';
import { describeEntry, type PastDecision } from '../../src/core/audit/history.ts';
import { formatTime } from '../../src/core/format.ts';
import { inert } from '../../src/core/text.ts';
import { ackFirst } from './ack.ts';
import { slackActor } from './actor.ts';
import type { SlackContext } from './context.ts';
import { actionIds } from './ids.ts';
import { limits, mrkdwnText, plain } from './limits.ts';
import { Click } from './payloads.ts';
import { header, joinBlocks, note, renderBlocks, type SlackBlock, sectionOf } from './render.ts';
import { openRequestForm } from './request.ts';

const RECENT_SHOWN = 10;
/** Ten lines of at most this (and a mark) stay within a section's 3000 characters. */
const LINE_MAX = 250;

const said: Record<PastDecision['outcome'], string> = {
  approved: ':white_check_mark: Approved',
  declined: ':no_entry: Declined',
  already_decided: ':information_source: Already decided by someone else',
  not_assignee: ':warning: Refused (not assigned to you)',
  self_approval: ':warning: Refused (your own request)',
  not_found: ':grey_question: Task no longer exists',
  failed: ':x: Failed',
  unconfirmed: ':warning: Not approved (sensitive: waiting for your confirmation)',
};

export async function recentDecisions(c: SlackContext, userId: string): Promise<SlackBlock[]> {
  const recent = await c.bot.recentActions(slackActor(c.api, userId), RECENT_SHOWN);
  if (!recent) return [note('Your recent actions cannot be shown right now.')];
  if (!recent.entries.length)
    return [
      note('Decisions and group changes you make here or with the slash command show up below.'),
    ];
  const lines = recent.entries.map((e) => {
    if (!('taskId' in e))
      return `:busts_in_silhouette: ${mrkdwnText(describeEntry(e, recent.viewer), LINE_MAX)}`;
    // Our mark, then the core's text (the reason is the person's own words).
    const why = e.reason ? ` — "${inert(e.reason)}"` : '';
    const what = `${formatTime(e.at)} · task ${inert(e.taskId)}${why}`;
    return `${said[e.outcome]} · ${mrkdwnText(what, LINE_MAX)}`;
  });
  return [sectionOf(lines.join('\n'))];
}

export function homeView(pending: SlackBlock[], recent: SlackBlock[], lead: SlackBlock[] = []) {
  const blocks: SlackBlock[] = [
    ...joinBlocks(lead, pending),
    { type: 'divider' },
    {
      type: 'actions',
      elements: [
        {
          type: 'button',
          action_id: actionIds.openRequest,
          text: plain('Request access', limits.buttonText),
          style: 'primary',
        },
      ],
    },
    header('Your recent actions'),
    ...recent,
  ];
  return { type: 'home' as const, blocks };
}

/**
 * The Home tab, published whenever it is opened (an opening counts against the person's rate
 * limit; past it the tab keeps what it showed), and its Request access button.
 */
export function registerHome(app: App, c: SlackContext): void {
  app.event('app_home_opened', async ({ event }) => {
    if (event.tab !== 'home' || !(await c.bot.mayAct(slackActor(c.api, event.user)))) return;
    await publishHome(c, event.user);
  });
  app.action(actionIds.openRequest, async ({ ack, body }) => {
    await ackFirst(ack);
    const click = Click.safeParse(body);
    if (click.success) await openRequestForm(c, click.data.trigger_id, {});
  });
}

export async function publishHome(
  c: SlackContext,
  userId: string,
  lead: SlackBlock[] = [],
): Promise<void> {
  const actor = slackActor(c.api, userId);
  const [{ reply }, recent] = await Promise.all([
    c.bot.taskList(actor),
    recentDecisions(c, userId),
  ]);
  const room = limits.viewBlocks - lead.length - recent.length - 3;
  const pending = renderBlocks(reply, { maxBlocks: room });
  await c.api.call(
    'views.publish',
    { user_id: userId, view: homeView(pending, recent, lead) },
    z.unknown(),
  );
}
