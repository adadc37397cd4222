/**
 * The rows of pending membership changes and channel bindings on both databases; only the date
 * column type differs, as in rows.ts.
 */
import { z } from 'zod';
import { checked } from './checked.ts';
import { ChannelGroup, GroupChange, type GroupChangeMove } from './group-records.ts';

export const GROUP_CHANGE_COLUMNS = [
  'id',
  'platform',
  'chat_user_id',
  'access_user_id',
  'action',
  'group_id',
  'group_name',
  'target_user_id',
  'target_name',
  'target_email',
  'created_at',
  'expires_at',
  'state',
  'outcome',
  'updated_at',
] as const;

export const CHANNEL_GROUP_COLUMNS = [
  'platform',
  'channel_id',
  'group_id',
  'group_name',
  'bound_by',
  'bound_at',
] as const;

const Move = z.object({
  from: GroupChange.shape.state,
  to: GroupChange.shape.state,
  at: z.date(),
  outcome: GroupChange.shape.outcome.optional(),
});

export function groupCodec<D>(readDate: z.ZodType<Date>, writeDate: (date: Date) => D) {
  const ChangeRow = z
    .object({
      id: z.string(),
      platform: z.string(),
      chat_user_id: z.string(),
      access_user_id: z.string(),
      action: z.string(),
      group_id: z.string(),
      group_name: z.string(),
      target_user_id: z.string(),
      target_name: z.string().nullable(),
      target_email: z.string().nullable(),
      created_at: readDate,
      expires_at: readDate,
      state: z.string(),
      outcome: z.string().nullable(),
      updated_at: readDate,
    })
    .transform((row) => ({
      id: row.id,
      platform: row.platform,
      chatUserId: row.chat_user_id,
      accessUserId: row.access_user_id,
      action: row.action,
      groupId: row.group_id,
      groupName: row.group_name,
      targetUserId: row.target_user_id,
      targetName: row.target_name,
      targetEmail: row.target_email,
      createdAt: row.created_at,
      expiresAt: row.expires_at,
      state: row.state,
      outcome: row.outcome,
      updatedAt: row.updated_at,
    }))
    .pipe(GroupChange);

  const BindingRow = z
    .object({
      platform: z.string(),
      channel_id: z.string(),
      group_id: z.string(),
      group_name: z.string(),
      bound_by: z.string(),
      bound_at: readDate,
    })
    .transform((row) => ({
      platform: row.platform,
      channelId: row.channel_id,
      groupId: row.group_id,
      groupName: row.group_name,
      boundBy: row.bound_by,
      boundAt: row.bound_at,
    }))
    .pipe(ChannelGroup);

  return {
    toChange: (row: unknown): GroupChange =>
      checked(ChangeRow, row, 'STORE_CORRUPT_ROW', 'a row of group_changes'),
    toBinding: (row: unknown): ChannelGroup =>
      checked(BindingRow, row, 'STORE_CORRUPT_ROW', 'a row of channel_groups'),

    /** The values of GROUP_CHANGE_COLUMNS. */
    changeValues(change: GroupChange) {
      const c = checked(GroupChange, change, 'STORE_INVALID_INPUT', 'the group change to save');
      return [
        c.id,
        c.platform,
        c.chatUserId,
        c.accessUserId,
        c.action,
        c.groupId,
        c.groupName,
        c.targetUserId,
        c.targetName,
        c.targetEmail,
        writeDate(c.createdAt),
        writeDate(c.expiresAt),
        c.state,
        c.outcome,
        writeDate(c.updatedAt),
      ];
    },

    /** The values of CHANNEL_GROUP_COLUMNS. */
    bindingValues(binding: ChannelGroup) {
      const b = checked(ChannelGroup, binding, 'STORE_INVALID_INPUT', 'the channel binding');
      return [b.platform, b.channelId, b.groupId, b.groupName, b.boundBy, writeDate(b.boundAt)];
    },

    /**
     * A move, checked, its date written as stored, and whether it must also find the change
     * unexpired: a pending change leaves for anything but `expired` only before it expires.
     */
    move(move: GroupChangeMove) {
      const m = checked(Move, move, 'STORE_INVALID_INPUT', 'the group change move');
      const unexpired = m.from === 'pending' && m.to !== 'expired';
      return { ...m, outcome: m.outcome ?? null, at: writeDate(m.at), unexpired };
    },
  };
}
