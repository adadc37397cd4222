/**
 * A click's outcome shown where it came from: an ephemeral answer replaced, App Home published
 * again. A posted message is the outbox's to edit, so its clicker is told privately.
 */
import { z } from 'zod';
import type { ChatActor } from '../../src/core/identity.ts';
import type { Reply } from '../../src/core/reply.ts';
import type { SlackContext } from './context.ts';
import { TEXT_BUDGET, textLength } from './fit.ts';
import { publishHome } from './home.ts';
import { type Click, LIST_ROW, type Origin } from './payloads.ts';
import { fallbackText, joinBlocks, renderBlocks, renderReply, type SlackBlock } from './render.ts';
import { limits } from './rich-text.ts';

export function originOf(click: Click): Origin | undefined {
  const { container, response_url: responseUrl } = click;
  if (click.view?.type === 'home') return { kind: 'home' };
  if (container.type !== 'message') return undefined;
  if (container.is_ephemeral) return responseUrl ? { kind: 'ephemeral', responseUrl } : undefined;
  const channel = container.channel_id ?? click.channel?.id;
  const ts = container.message_ts;
  const list = click.actions[0]?.block_id?.endsWith(`:${LIST_ROW}`);
  if (!channel || !ts) return undefined;
  return { kind: 'message', channel, ts, responseUrl, ...(list && { list }) };
}

export interface Outcome {
  /** What changed, for a view (a decided card, a summary); absent when nothing did. */
  lead?: SlackBlock[];
  reply: Reply;
}

export async function showOutcome(
  c: SlackContext,
  origin: Origin,
  actor: ChatActor,
  outcome: Outcome,
): Promise<void> {
  const { lead, reply } = outcome;
  const userId = actor.chatUserId;
  if (origin.kind === 'home') return publishHome(c, userId, lead ?? renderBlocks(reply));
  if (!lead || origin.kind === 'message') return tellPrivately(c, origin, userId, reply);
  // The ephemeral list is replaced: what changed first, then what is still pending.
  const { reply: list } = await c.bot.tasks.list(actor);
  const rest = renderBlocks(list, {
    maxBlocks: limits.messageBlocks - lead.length - 1,
    textRoom: TEXT_BUDGET - textLength(lead),
  });
  await c.api.respond(origin.responseUrl, {
    replace_original: true,
    text: fallbackText(reply.summary),
    blocks: joinBlocks([...lead, { type: 'divider' }], rest),
  });
}

/** An ephemeral note for the person who acted; the message they clicked stays as it is. */
export async function tellPrivately(
  c: SlackContext,
  origin: Exclude<Origin, { kind: 'home' }>,
  userId: string,
  reply: Reply,
): Promise<void> {
  const message = renderReply(reply);
  if (origin.responseUrl) {
    await c.api.respond(origin.responseUrl, {
      response_type: 'ephemeral',
      replace_original: false,
      ...message,
    });
    return;
  }
  if (origin.kind === 'message') {
    await c.api.call(
      'chat.postEphemeral',
      { channel: origin.channel, user: userId, ...message },
      z.unknown(),
    );
  }
}
