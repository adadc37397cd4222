/**
 * The slash command: acknowledged at once, then answered through its response_url, privately
 * except `members`. A bare `request` opens the request form.
 */
import type { App } from '@slack/bolt';
import { z } from 'zod';
import { parseCommand } from '../../src/core/commands.ts';
import type { Voice } from '../../src/core/i18n/voice.ts';
import type { Place } from '../../src/core/place.ts';
import { type Reply, warning } from '../../src/core/reply.ts';
import { slackActor, speaker } from './actor.ts';
import type { SlackContext } from './context.ts';
import { SlashCommand } from './payloads.ts';
import { renderReply } from './render.ts';
import { requestModal } from './request-form.ts';

export function registerCommand(app: App, c: SlackContext, command: string): void {
  app.command(command, async ({ ack, body }) => {
    await ack();
    const started = performance.now();
    const parsed = SlashCommand.safeParse(body);
    if (!parsed.success) {
      c.log.warn(
        { issues: parsed.error.issues },
        'ignored a slash command with an unusable payload',
      );
      return;
    }
    const cmd = parsed.data;
    // The form must open within its trigger's 3 s: it speaks the language known by then.
    const bare = cmd.text.trim().toLowerCase() === 'request';
    const actor = bare
      ? slackActor(c.people, cmd.user_id, c.people.known(cmd.user_id))
      : await speaker(c, cmd.user_id);
    const v = c.bot.voiceOf(actor);
    const line = parseCommand(cmd.text, v);
    const name = line.ok ? line.command.name : 'invalid';
    let reply: Reply | undefined;
    if (!line.ok) reply = warning(v, line.message);
    else if (line.command.name === 'request' && !line.command.target) {
      reply = await openForm(c, cmd, v);
    } else {
      reply = await c.bot.run(actor, line.command, placeOf(c, cmd));
    }
    if (reply) {
      await c.api.respond(cmd.response_url, {
        response_type: reply.visibility === 'channel' ? 'in_channel' : 'ephemeral',
        ...renderReply(reply),
      });
    }
    c.metrics.commands.inc({ platform: 'slack', command: name, tone: reply?.tone ?? 'info' });
    c.metrics.commandSeconds.observe(
      { platform: 'slack', command: name },
      (performance.now() - started) / 1000,
    );
  });
}

/** Opens the form; a reply only when it could not be opened. */
async function openForm(c: SlackContext, cmd: SlashCommand, v: Voice): Promise<Reply | undefined> {
  try {
    const view = requestModal(v, { responseUrl: cmd.response_url });
    await c.api.call('views.open', { trigger_id: cmd.trigger_id, view }, z.unknown());
    return undefined;
  } catch (error) {
    c.log.warn({ err: error }, 'could not open the request form');
    return warning(v, v.t('slack.formFailed'));
  }
}

/** A direct message's `D…` id names no channel anyone could bind. */
function placeOf(c: SlackContext, cmd: SlashCommand): Place {
  const channel = cmd.channel_id;
  return {
    channelId: channel && !channel.startsWith('D') ? channel : undefined,
    mention: async (userId) => slackActor(c.people, userId),
  };
}
