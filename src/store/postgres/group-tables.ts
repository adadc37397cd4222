/** Pending membership changes and channel bindings on PostgreSQL (see the SQLite twin). */
import { z } from 'zod';
import { CHANNEL_GROUP_COLUMNS, GROUP_CHANGE_COLUMNS, groupCodec } from '../group-rows.ts';
import { placeholders } from '../placeholders.ts';
import type { ChannelGroupStore, GroupChangeStore } from '../roles.ts';
import { changed, type PgDb } from './db.ts';

const codec = groupCodec(z.date(), (date) => date);
const dollar = (n: number) => `$${n}`;

export function postgresGroupTables(db: PgDb): GroupChangeStore & ChannelGroupStore {
  return {
    async saveGroupChange(change) {
      await db.query(
        'saveGroupChange',
        `INSERT INTO group_changes (${GROUP_CHANGE_COLUMNS.join(', ')})
         VALUES (${placeholders(GROUP_CHANGE_COLUMNS.length, dollar)})`,
        codec.changeValues(change),
      );
    },

    async getGroupChange(id) {
      const rows = await db.rows('getGroupChange', 'SELECT * FROM group_changes WHERE id = $1', [
        id,
      ]);
      return rows[0] === undefined ? undefined : codec.toChange(rows[0]);
    },

    async moveGroupChange(id, move) {
      const m = codec.move(move);
      const guard = m.unexpired ? ' AND expires_at > $3' : '';
      return changed(
        await db.query(
          'moveGroupChange',
          `UPDATE group_changes SET state = $1, outcome = coalesce($2, outcome), updated_at = $3
           WHERE id = $4 AND state = $5${guard}`,
          [m.to, m.outcome, m.at, id, m.from],
        ),
      );
    },

    async pruneGroupChanges(before) {
      const result = await db.query(
        'pruneGroupChanges',
        'DELETE FROM group_changes WHERE expires_at < $1',
        [before],
      );
      return result.rowCount ?? 0;
    },

    async bindChannelGroup(binding) {
      await db.query(
        'bindChannelGroup',
        `INSERT INTO channel_groups (${CHANNEL_GROUP_COLUMNS.join(', ')})
         VALUES (${placeholders(CHANNEL_GROUP_COLUMNS.length, dollar)})
         ON CONFLICT (platform, channel_id) DO UPDATE SET
           group_id = excluded.group_id, group_name = excluded.group_name,
           bound_by = excluded.bound_by, bound_at = excluded.bound_at`,
        codec.bindingValues(binding),
      );
    },

    async getChannelGroup(platform, channelId) {
      const rows = await db.rows(
        'getChannelGroup',
        'SELECT * FROM channel_groups WHERE platform = $1 AND channel_id = $2',
        [platform, channelId],
      );
      return rows[0] === undefined ? undefined : codec.toBinding(rows[0]);
    },

    async unbindChannelGroup(platform, channelId) {
      return changed(
        await db.query(
          'unbindChannelGroup',
          'DELETE FROM channel_groups WHERE platform = $1 AND channel_id = $2',
          [platform, channelId],
        ),
      );
    },
  };
}
