/**
 * Group membership changes waiting for their confirmation, and channels bound to a group: kept
 * in the store so that any replica can confirm a change and answer `members` in a channel.
 */
import { z } from 'zod';
import { MembershipAction, MembershipOutcome } from './audit-records.ts';
import { Platform } from './records.ts';

/**
 * `pending` until confirmed (then `confirmed` while the Access Service is called, `done` with its
 * outcome), cancelled, or expired. Only a pending change moves, and each move is made once.
 */
export const GroupChangeState = z.enum(['pending', 'confirmed', 'done', 'cancelled', 'expired']);
export type GroupChangeState = z.infer<typeof GroupChangeState>;

export const GroupChange = z.object({
  /** Short and random: shown on the card, typed as `confirm <id>` in the terminal. */
  id: z.string().min(1).max(64),
  /** Who asked for it: only they may confirm or cancel it. */
  platform: Platform,
  chatUserId: z.string().min(1),
  accessUserId: z.string().min(1),
  action: MembershipAction,
  groupId: z.string().min(1),
  groupName: z.string(),
  targetUserId: z.string().min(1),
  targetName: z.string().nullable(),
  targetEmail: z.string().nullable(),
  createdAt: z.date(),
  expiresAt: z.date(),
  state: GroupChangeState,
  outcome: MembershipOutcome.nullable(),
  updatedAt: z.date(),
});
export type GroupChange = z.infer<typeof GroupChange>;

/** A move of a change from one state to another, e.g. pending → confirmed. */
export interface GroupChangeMove {
  from: GroupChangeState;
  to: GroupChangeState;
  at: Date;
  outcome?: MembershipOutcome | null;
}

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
