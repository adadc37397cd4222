/** Pending membership changes and channel bindings. */
import { z } from 'zod';
import { checkedInput } from '../checked.ts';
import { ChannelGroup, GroupChange } from '../group-records.ts';
import type { ChannelGroupStore, GroupChangeStore } from '../roles.ts';
import { rowReader } from '../rows.ts';
import { insert, raw, type SqlDb, sql, upsert } from '../sql.ts';

const toChange = rowReader('group_changes', GroupChange);
const toBinding = rowReader('channel_groups', ChannelGroup);
/** A move of a pending change between two of its states, with its outcome. */
export const moveOf = <S extends z.ZodType, O extends z.ZodType>(state: S, outcome: O) =>
  z.object({ from: state, to: state, at: z.date(), outcome: outcome.optional() });

const Move = moveOf(GroupChange.shape.state, GroupChange.shape.outcome);

/**
 * Moves a row of a table of pending changes from one state to another, with its outcome; a
 * pending change leaves for anything but `expired` only before it expires. Its one statement is
 * the claim: true when this call moved it.
 */
export async function moveChange(
  db: SqlDb,
  operation: string,
  table: string,
  id: string,
  m: { from: string; to: string; at: Date; outcome?: string | null },
): Promise<boolean> {
  const unexpired =
    m.from === 'pending' && m.to !== 'expired' ? sql` AND expires_at > ${m.at}` : raw('');
  const moved = await db.run(
    operation,
    sql`UPDATE ${raw(table)} SET state = ${m.to}, outcome = coalesce(${m.outcome ?? null}, outcome),
          updated_at = ${m.at}
        WHERE id = ${id} AND state = ${m.from}${unexpired}`,
  );
  return moved === 1;
}

export function groupTables(db: SqlDb): GroupChangeStore & ChannelGroupStore {
  return {
    async saveGroupChange(change) {
      const valid = checkedInput(GroupChange, change, 'the group change to save');
      await db.run('saveGroupChange', insert('group_changes', valid));
    },

    async getGroupChange(id) {
      const [row] = await db.all(
        'getGroupChange',
        sql`SELECT * FROM group_changes WHERE id = ${id}`,
      );
      return row && toChange(row);
    },

    async moveGroupChange(id, move) {
      const m = checkedInput(Move, move, 'the group change move');
      return moveChange(db, 'moveGroupChange', 'group_changes', id, m);
    },

    async pruneGroupChanges(before) {
      return db.run(
        'pruneGroupChanges',
        sql`DELETE FROM group_changes WHERE expires_at < ${before}`,
      );
    },

    async bindChannelGroup(binding) {
      const valid = checkedInput(ChannelGroup, binding, 'the channel binding');
      await db.run('bindChannelGroup', upsert('channel_groups', valid, ['platform', 'channel_id']));
    },

    async getChannelGroup(platform, channelId) {
      const [row] = await db.all(
        'getChannelGroup',
        sql`SELECT * FROM channel_groups WHERE platform = ${platform} AND channel_id = ${channelId}`,
      );
      return row && toBinding(row);
    },

    async unbindChannelGroup(platform, channelId) {
      const deleted = await db.run(
        'unbindChannelGroup',
        sql`DELETE FROM channel_groups WHERE platform = ${platform} AND channel_id = ${channelId}`,
      );
      return deleted === 1;
    },
  };
}
