/**
 * A Slack user as the core sees them. The e-mail address (asked only until the core has stored
 * the link) comes from `users.info` → `profile.email`, which needs the `users:read.email` scope.
 */
import { z } from 'zod';
import type { ChatActor } from '../../src/core/identity.ts';
import { RecipientGoneError } from '../../src/core/notifier.ts';
import type { SlackApi } from './api.ts';

const UsersInfo = z.object({
  user: z.object({ profile: z.object({ email: z.string().optional() }).optional() }),
});

export function slackActor(api: SlackApi, userId: string): ChatActor {
  return {
    platform: 'slack',
    chatUserId: userId,
    email: async () => {
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
