/**
 * People mentioned in a Teams message: each mention of someone other than the bot becomes the
 * token `<@id>` (the Teams user id), which the core reads as a person; the bot's own mention is
 * removed later, as before.
 */
import type { Activity } from 'botbuilder';
import { z } from 'zod';

const Mention = z.object({
  type: z.literal('mention'),
  text: z.string().min(1),
  mentioned: z.object({ id: z.string().min(1).max(200) }),
});

export function withMentionTokens(activity: Partial<Activity>): string {
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
