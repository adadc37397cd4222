/**
 * A Slack user as the core sees them. The e-mail address (asked only until the core has stored
 * the link, or it is due a recheck) comes from `users.info` → `profile.email`, which needs the
 * `users:read.email` scope; the call that has just read the person's language gives it too.
 */
import { z } from 'zod';
import type { ChatActor } from '../../src/core/identity.ts';
import { RecipientGoneError } from '../../src/core/notifier.ts';
import type { SlackApi } from './api.ts';
import type { SlackContext } from './context.ts';
import type { LookedUp, SlackProfile } from './people.ts';

const UsersInfo = z.object({
  user: z.object({ profile: z.object({ email: z.string().optional() }).optional() }),
});

/**
 * `profile`: the person's language and zone, for someone accessbot answers (not a mention);
 * `fresh`: their address as a `users.info` of this very request read it.
 */
export function slackActor(
  api: SlackApi,
  userId: string,
  profile: SlackProfile = {},
  fresh?: LookedUp['fresh'],
): ChatActor {
  return {
    platform: 'slack',
    chatUserId: userId,
    ...profile,
    email: async () => {
      if (fresh) return fresh.email;
      try {
        const info = await api.call('users.info', { user: userId }, UsersInfo);
        return info.user.profile?.email;
      } catch (error) {
        // Slack no longer knows the user: no address, which the core explains to them.
        if (error instanceof RecipientGoneError) return undefined;
        throw error;
      }
    },
  };
}

/**
 * The person accessbot answers, with their language and zone (kept for hours, so usually asked
 * of nobody); when Slack cannot say, they hear the defaults.
 */
export async function speaker(c: SlackContext, userId: string): Promise<ChatActor> {
  let found: LookedUp;
  try {
    found = await c.people.lookUp(userId);
  } catch (error) {
    c.log.info({ err: error }, 'no language or time zone from Slack; the defaults it is');
    found = { profile: {} };
  }
  return slackActor(c.api, userId, found.profile, found.fresh);
}
