/**
 * Where a slash command was typed, for the core: its channel (not a direct message, whose `D…`
 * id names no channel anyone could bind), and how a mentioned person (`<@U123>`, sent when the
 * command escapes mentions) is reached — as any Slack user is, through `users.info`.
 */
import type { Place } from '../../src/core/place.ts';
import { slackActor } from './actor.ts';
import type { SlackContext } from './context.ts';
import type { SlashCommand } from './payloads.ts';

export function placeOf(c: SlackContext, cmd: SlashCommand): Place {
  const channel = cmd.channel_id;
  return {
    channelId: channel && !channel.startsWith('D') ? channel : undefined,
    mention: async (userId) => slackActor(c.api, userId),
  };
}
