/** Group membership changes, and channel bindings so that any replica answers `members`. */
import { z } from 'zod';
import { MembershipAction, MembershipOutcome } from './audit-records.ts';
import { PendingBase } from './confirm-records.ts';
import { Platform } from './records.ts';

export const GroupChange = PendingBase.extend({
  action: MembershipAction,
  groupId: z.string().min(1),
  groupName: z.string(),
  targetUserId: z.string().min(1),
  targetName: z.string().nullable(),
  targetEmail: z.string().nullable(),
  outcome: MembershipOutcome.nullable(),
});
export type GroupChange = z.infer<typeof GroupChange>;

/** A channel whose `members` with no group names this group. */
export const ChannelGroup = z.object({
  platform: Platform,
  channelId: z.string().min(1),
  groupId: z.string().min(1),
  groupName: z.string(),
  boundBy: z.string().min(1),
  boundAt: z.date(),
});
export type ChannelGroup = z.infer<typeof ChannelGroup>;
