/** The App Home tab: pending tasks, Request access, the person's requests and recent actions. */
import type { App } from '@slack/bolt';
import { z } from 'zod';
import {
  describeEntry,
  entryKind,
  type PastDecision,
  taskNamed,
} from '../../src/core/audit/history.ts';
import type { Chosen } from '../../src/core/digest/desk.ts';
import { DigestMode } from '../../src/core/digest/store.ts';
import { flag, type Voice } from '../../src/core/i18n/voice.ts';
import type { ChatActor } from '../../src/core/identity.ts';
import { inert } from '../../src/core/text.ts';
import { speaker } from './actor.ts';
import type { SlackContext } from './context.ts';
import { actionIds, Click } from './payloads.ts';
import { header, joinBlocks, note, renderBlocks, type SlackBlock, sectionOf } from './render.ts';
import { requestModal } from './request-form.ts';
import { limits, mrkdwnText, plain } from './rich-text.ts';

const RECENT_SHOWN = 10;
/** The person's requests: a title, their lines, how to nudge. */
const REQUEST_BLOCKS = 6;
/** Ten lines of at most this (and a mark) stay within a section's 3000 characters. */
const LINE_MAX = 250;

/** Each outcome's mark; the words beside it say the same for anyone who cannot see it. */
const mark: Record<PastDecision['outcome'], string> = {
  approved: ':white_check_mark:',
  declined: ':no_entry:',
  already_decided: ':information_source:',
  not_assignee: ':warning:',
  self_approval: ':warning:',
  not_found: ':grey_question:',
  failed: ':x:',
  unconfirmed: ':warning:',
  wrong_code: ':warning:',
  started: ':hourglass:',
};

/** The mark of each other kind of entry; its words say what it is. */
const kindMark = {
  decision: ':white_check_mark:',
  change: ':busts_in_silhouette:',
  app: ':gear:',
  question: ':speech_balloon:',
  away: ':palm_tree:',
  request: ':inbox_tray:',
  passkeys: ':key:',
} as const;

async function recentDecisions(c: SlackContext, actor: ChatActor): Promise<SlackBlock[]> {
  const v = c.bot.voiceOf(actor);
  const recent = await c.bot.audit.recent(actor, RECENT_SHOWN);
  if (!recent) return [note(v.t('home.recentUnavailable'))];
  if (!recent.entries.length) return [note(v.t('home.recentEmpty'))];
  const lines = recent.entries.map((e) => {
    if (e.action !== 'approve' && e.action !== 'decline') {
      const icon = kindMark[entryKind(e)];
      return `${icon} ${mrkdwnText(describeEntry(v, e, recent.viewer), LINE_MAX)}`;
    }
    // Our mark, then the core's text (the reason is the person's own words).
    const what = v.t('home.decision', {
      outcome: e.outcome,
      when: v.time(e.at),
      task: taskNamed(v, e),
      reason: e.reason ? inert(e.reason) : '',
      withReason: flag(e.reason),
    });
    return `${mark[e.outcome]} ${mrkdwnText(what, LINE_MAX)}`;
  });
  return [sectionOf(lines.join('\n'))];
}

type AwayShown = { until: string; note?: string };

/** A button of its own, as App Home's are. */
const button = (actionId: string, label: string, style?: 'primary'): SlackBlock => {
  const text = plain(label, limits.buttonText);
  return {
    type: 'actions',
    elements: [{ type: 'button', action_id: actionId, text, ...(style && { style }) }],
  };
};

function awaySwitch(v: Voice, away: AwayShown | undefined): SlackBlock[] {
  if (!away) return [button(actionIds.away, v.t('slack.awayButton'))];
  const said = v.t('home.away', {
    day: away.until,
    note: away.note ?? '',
    withNote: flag(away.note),
  });
  return [note(said), button(actionIds.back, v.t('slack.backButton'))];
}

/** How tasks reach the person (each as it comes, a daily digest, both), and at what time. */
function digestControl(v: Voice, chosen: Chosen): SlackBlock[] {
  const option = (mode: DigestMode) => ({
    text: plain(v.t('slack.digestMode', { mode }), limits.optionText),
    value: mode,
  });
  const modes = DigestMode.options.map(option);
  return [
    note(v.t('digest.current', { mode: chosen.mode, time: chosen.digestTime, zone: v.timeZone })),
    {
      type: 'actions',
      elements: [
        {
          type: 'static_select',
          action_id: actionIds.digestMode,
          options: modes,
          initial_option: option(chosen.mode),
        },
        { type: 'timepicker', action_id: actionIds.digestTime, initial_time: chosen.digestTime },
      ],
    },
  ];
}

export function homeView(
  v: Voice,
  pending: SlackBlock[],
  recent: SlackBlock[],
  lead: SlackBlock[] = [],
  requests: SlackBlock[] = [],
  away?: AwayShown,
  digest?: Chosen,
) {
  const blocks: SlackBlock[] = [
    ...joinBlocks(lead, pending),
    { type: 'divider' },
    button(actionIds.openRequest, v.t('slack.requestTitle'), 'primary'),
    ...awaySwitch(v, away),
    ...(digest ? digestControl(v, digest) : []),
    ...requests,
    header(v.t('history.own')),
    ...recent,
  ];
  return { type: 'home' as const, blocks };
}

/** An opening counts against the rate limit; past it the tab keeps what it showed. */
export function registerHome(app: App, c: SlackContext): void {
  app.event('app_home_opened', async ({ event }) => {
    if (event.tab !== 'home') return;
    const may = await c.bot.actors.mayAct(await speaker(c, event.user));
    if (may.ok) return publishHome(c, event.user);
    if (may.slow) return;
    const view = { type: 'home' as const, blocks: renderBlocks(may.reply) };
    await c.api.call('views.publish', { user_id: event.user, view }, z.unknown());
  });
  app.action(actionIds.openRequest, async ({ ack, body }) => {
    await ack();
    const click = Click.safeParse(body);
    if (!click.success) return;
    // The form must open within its trigger's 3 s: in the language already known.
    const v = c.bot.voiceOf(c.people.known(click.data.user.id));
    const view = requestModal(v, {});
    await c.api.call('views.open', { trigger_id: click.data.trigger_id, view }, z.unknown());
  });
}

export async function publishHome(
  c: SlackContext,
  userId: string,
  lead: SlackBlock[] = [],
): Promise<void> {
  const actor = await speaker(c, userId);
  const v = c.bot.voiceOf(actor);
  const [{ reply }, mine, recent, gone, digest] = await Promise.all([
    c.bot.tasks.list(actor),
    c.bot.requests.list(actor),
    recentDecisions(c, actor),
    c.bot.away.now(actor).catch(() => undefined),
    c.bot.digest.now(actor).catch(() => undefined),
  ]);
  const away = gone && {
    until: c.bot.away.until(v, gone),
    ...(gone.note && { note: inert(gone.note) }),
  };
  const requests = renderBlocks(mine, { maxBlocks: REQUEST_BLOCKS });
  const room = limits.viewBlocks - lead.length - requests.length - recent.length - 7;
  const pending = renderBlocks(reply, { maxBlocks: room });
  const view = homeView(v, pending, recent, lead, requests, away, digest);
  await c.api.call('views.publish', { user_id: userId, view }, z.unknown());
}
