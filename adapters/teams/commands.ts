/**
 * Typed commands (in a channel, after the bot's @mention). `members` answers where it was asked;
 * every other answer is private, so in a channel it goes to the asker's personal chat.
 */
import { type Activity, TurnContext } from 'botbuilder';
import { z } from 'zod';
import type { Command } from '../../src/core/commands.ts';
import type { Voice } from '../../src/core/i18n/voice.ts';
import type { ChatActor } from '../../src/core/identity.ts';
import type { Place } from '../../src/core/place.ts';
import type { Line } from '../../src/core/read.ts';
import { info, type Reply, warning } from '../../src/core/reply.ts';
import { cardActivity, messageActivity } from './activity.ts';
import { mentionedActor, type TeamsPerson } from './actor.ts';
import type { TeamsContext } from './context.ts';
import { sendPrivately } from './private-chat.ts';
import { channelIdOf } from './references.ts';
import { requestFormCard } from './request-form.ts';

const Mention = z.object({
  type: z.literal('mention'),
  text: z.string().min(1),
  mentioned: z.object({ id: z.string().min(1).max(200) }),
});

/** Each mention of someone but the bot becomes `<@id>`, which the core reads as a person. */
function withMentionTokens(activity: Partial<Activity>): string {
  let text = activity.text ?? '';
  for (const entity of activity.entities ?? []) {
    const mention = Mention.safeParse(entity);
    if (!mention.success || mention.data.mentioned.id === activity.recipient?.id) continue;
    // An id with characters a token cannot hold stays as the text Teams showed.
    if (!/^[^\s<>|]+$/.test(mention.data.mentioned.id)) continue;
    text = text.replace(mention.data.text, ` <@${mention.data.mentioned.id}> `);
  }
  return text;
}

function commandText(activity: Partial<Activity>): string {
  const mentioning = { ...activity, text: withMentionTokens(activity) };
  const text = TurnContext.removeRecipientMention(mentioning) ?? mentioning.text ?? '';
  return text
    .replace(/<at>[^<]*<\/at>/g, ' ')
    .replace(/&nbsp;|\u00a0/g, ' ')
    .trim();
}

interface Answer {
  reply: Reply;
  activity: Partial<Activity>;
}

export async function onMessage(
  deps: TeamsContext,
  context: TurnContext,
  speaker: TeamsPerson,
  actor: ChatActor,
): Promise<void> {
  const { activity } = context;
  const started = performance.now();
  const v = deps.bot.voiceOf(actor);
  const line = await deps.bot.read(actor, commandText(activity));
  // A message with nothing but the bot's mention asks what it can do.
  const read: Exclude<Line, { kind: 'nothing' }> =
    line.kind === 'nothing' ? { kind: 'command', command: { name: 'help' } } : line;
  const answer =
    read.kind === 'command'
      ? await answerFor(deps, v, read.command, actor, placeOf(deps, context, speaker))
      : plain(read.reply);
  const { tone, visibility } = answer.reply;
  const name = read.kind === 'command' ? read.command.name : (read.answered ?? 'invalid');
  if (name !== 'invalid') deps.metrics.commands.inc({ platform: 'teams', command: name, tone });
  deps.metrics.commandSeconds.observe(
    { platform: 'teams', command: name },
    (performance.now() - started) / 1000,
  );
  const personal = (activity.conversation.conversationType ?? 'personal') === 'personal';
  if (personal || visibility === 'channel') {
    await context.sendActivity(answer.activity);
    return;
  }
  if (!(await sendPrivately(deps, context, actor.chatUserId, answer.activity))) {
    await context.sendActivity(messageActivity(warning(v, v.t('teams.noPrivateChat'))));
  }
}

const plain = (reply: Reply): Answer => ({ reply, activity: messageActivity(reply) });

async function answerFor(
  deps: TeamsContext,
  v: Voice,
  command: Command,
  actor: ChatActor,
  place: Place,
): Promise<Answer> {
  if (command.name === 'request' && !command.target) {
    const form = await requestFormCard(deps.bot, actor);
    if (!form.ok) return plain(form.reply);
    const summary = v.t('teams.formSummary');
    return { reply: info(v, summary), activity: cardActivity(form.value, summary) };
  }
  if (command.name === 'tasks') {
    const { reply } = await deps.bot.tasks.list(actor);
    return { reply, activity: messageActivity(reply, { view: 'list' }) };
  }
  return plain(await deps.bot.run(actor, command, place));
}

function placeOf(deps: TeamsContext, context: TurnContext, speaker: TeamsPerson): Place {
  const { conversation } = context.activity;
  const personal = (conversation.conversationType ?? 'personal') === 'personal';
  return {
    channelId: personal ? undefined : channelIdOf(context.activity),
    mention: (userId) => mentionedActor(deps, context, speaker, userId),
    conversation: true,
  };
}
