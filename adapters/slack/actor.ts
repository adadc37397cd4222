/**
 * A Slack user as the core sees them; the e-mail address comes from `users.info` (the
 * `users:read.email` scope), or from the call that has just read the person's language.
 */
import type { ChatActor } from '../../src/core/identity.ts';
import type { SlackContext } from './context.ts';
import type { LookedUp, SlackPeople, SlackProfile } from './people.ts';

/**
 * `profile`: the person's language and zone, for someone accessbot answers (not a mention);
 * `fresh`: their address as a `users.info` of this very request read it.
 */
export function slackActor(
  people: SlackPeople,
  userId: string,
  profile: SlackProfile = {},
  fresh?: LookedUp['fresh'],
): ChatActor {
  return {
    platform: 'slack',
    chatUserId: userId,
    ...profile,
    email: async () => (fresh ? fresh.email : people.email(userId)),
  };
}

/** With their language and zone (kept for hours); when Slack cannot say, the defaults. */
export async function speaker(c: SlackContext, userId: string): Promise<ChatActor> {
  let found: LookedUp;
  try {
    found = await c.people.lookUp(userId);
  } catch (error) {
    c.log.info({ err: error }, 'no language or time zone from Slack; the defaults it is');
    found = { profile: {} };
  }
  return slackActor(c.people, userId, found.profile, found.fresh);
}
