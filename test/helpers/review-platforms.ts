/**
 * Ada deciding access reviews on Slack, Teams and the terminal alike: what she types, the row's
 * Keep, the page's "everyone left" buttons (with the reason where a platform asks it) and a
 * batch's Confirm, each driven as the platform's user would.
 */
import { shown } from '../fakes/bot-connector-harness.ts';
import {
  confirmationCodeOn,
  slackAnswer,
  slackClickOn,
  slackSay,
  slackUserOf,
  teamsAction,
  teamsSay,
} from '../fakes/chat-drivers.ts';
import { sendInteraction, submissionPayload } from '../fakes/slack-payloads.ts';
import type { ChatPlatforms } from './every-platform.ts';
import type { TerminalChat } from './terminal-chat.ts';

export interface ReviewPlatform {
  name: string;
  say(text: string): Promise<string>;
  /** The row's Keep (the task's Approve) on `card`. */
  keep(card: string, taskId: string): Promise<string>;
  /** The page's "Keep everyone left" or "Revoke everyone left" (with its reason where asked). */
  everyone(card: string, decision: 'keep' | 'revoke', reason?: string): Promise<string>;
  /** The Confirm of a batch's confirmation `card`. */
  confirm(card: string): Promise<string>;
}

function slackPlatform(chats: ChatPlatforms): ReviewPlatform {
  const { fake, bot } = chats.slack;
  const click = async (card: string, actionId: string, value?: string) =>
    slackAnswer(fake, await slackClickOn(fake, bot.url, 'ada', card, actionId, value));
  return {
    name: 'Slack',
    say: (text) => slackSay(fake, bot.url, 'ada', text),
    keep: (card, taskId) => click(card, 'accessbot.approve', taskId),
    async everyone(card, decision, reason) {
      const value = new RegExp(`"value":"([^"]+:${decision})"`).exec(card)?.[1];
      const before = fake.callsOf('views.open').length;
      const where = await slackClickOn(fake, bot.url, 'ada', card, 'accessbot.review.all', value);
      if (decision === 'keep') return slackAnswer(fake, where);
      // A revoke asks its reason in a form first.
      const call = await fake.waitFor(() => fake.callsOf('views.open')[before]);
      const view = { ...(call.args.view as Record<string, unknown>), id: 'V-review' };
      const state = { reason: { reason: { type: 'plain_text_input', value: reason } } };
      await sendInteraction(bot.url, submissionPayload(view, slackUserOf('ada'), state));
      return slackAnswer(fake, where);
    },
    confirm: (card) => click(card, 'accessbot.change.confirm'),
  };
}

function teamsPlatform(chats: ChatPlatforms): ReviewPlatform {
  const { teams } = chats;
  const execute = async (
    card: string,
    verb: string,
    matches = (_: Record<string, unknown>) => true,
    filled: Record<string, string> = {},
  ) => {
    const action = teamsAction(JSON.parse(card), verb, matches);
    if (!action) throw new Error(`no ${verb} on ${card.slice(0, 300)}`);
    const data = { ...(action.data as Record<string, unknown>), ...filled };
    const res = await teams.post(teams.activities.cardAction('ada', verb, data));
    return shown(res.body);
  };
  return {
    name: 'Teams',
    say: (text) => teamsSay(teams, 'ada', text),
    keep: (card, taskId) => execute(card, 'approve', (d) => JSON.stringify(d).includes(taskId)),
    everyone: (card, decision, reason) =>
      execute(
        card,
        'reviewAll',
        (d) => String(d.value).endsWith(`:${decision}`),
        reason ? { reason } : {},
      ),
    confirm: (card) => execute(card, 'confirmChange'),
  };
}

/** The terminal has no buttons: a click is the line the message says to type. */
function terminalPlatform(terminal: TerminalChat): ReviewPlatform {
  return {
    name: 'terminal',
    say: (text) => terminal.ask(text),
    keep: (_card, taskId) => terminal.ask(`approve ${taskId.slice(0, 8)}`),
    everyone: (_card, decision, reason) =>
      terminal.ask(`review 2 ${decision} all${reason ? ` -- ${reason}` : ''}`),
    confirm: (card) => terminal.ask(`confirm ${confirmationCodeOn(card)}`),
  };
}

/** Slack and Teams over HTTP, and the terminal (whose typed lines name the group as `review 2`). */
export const reviewPlatforms = (chats: ChatPlatforms, terminal: TerminalChat): ReviewPlatform[] => [
  slackPlatform(chats),
  teamsPlatform(chats),
  terminalPlatform(terminal),
];
