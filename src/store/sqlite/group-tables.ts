/** Pending membership changes and channel bindings on SQLite. */
import { z } from 'zod';
import { CHANNEL_GROUP_COLUMNS, GROUP_CHANGE_COLUMNS, groupCodec } from '../group-rows.ts';
import { placeholders } from '../placeholders.ts';
import type { ChannelGroupStore, GroupChangeStore } from '../roles.ts';
import type { SqliteDb } from './db.ts';

const codec = groupCodec(
  z.number().transform((ms) => new Date(ms)),
  (date) => date.getTime(),
);
const q = () => '?';

export function sqliteGroupTables(db: SqliteDb): GroupChangeStore & ChannelGroupStore {
  return {
    async saveGroupChange(change) {
      const values = codec.changeValues(change);
      db.run('saveGroupChange', () => {
        db.statement(
          `INSERT INTO group_changes (${GROUP_CHANGE_COLUMNS.join(', ')})
           VALUES (${placeholders(GROUP_CHANGE_COLUMNS.length, q)})`,
        ).run(...values);
      });
    },

    async getGroupChange(id) {
      return db.run('getGroupChange', () => {
        const row = db.statement('SELECT * FROM group_changes WHERE id = ?').get(id);
        return row === undefined ? undefined : codec.toChange(row);
      });
    },

    async moveGroupChange(id, move) {
      const m = codec.move(move);
      const guard = m.unexpired ? ' AND expires_at > ?' : '';
      return db.run('moveGroupChange', () => {
        const moved = db
          .statement(
            `UPDATE group_changes SET state = ?, outcome = coalesce(?, outcome), updated_at = ?
             WHERE id = ? AND state = ?${guard}`,
          )
          .run(m.to, m.outcome, m.at, id, m.from, ...(m.unexpired ? [m.at] : []));
        return Number(moved.changes) === 1;
      });
    },

    async pruneGroupChanges(before) {
      return db.run('pruneGroupChanges', () =>
        Number(
          db.statement('DELETE FROM group_changes WHERE expires_at < ?').run(before.getTime())
            .changes,
        ),
      );
    },

    async bindChannelGroup(binding) {
      const values = codec.bindingValues(binding);
      db.run('bindChannelGroup', () => {
        db.statement(
          `INSERT OR REPLACE INTO channel_groups (${CHANNEL_GROUP_COLUMNS.join(', ')})
           VALUES (${placeholders(CHANNEL_GROUP_COLUMNS.length, q)})`,
        ).run(...values);
      });
    },

    async getChannelGroup(platform, channelId) {
      return db.run('getChannelGroup', () => {
        const row = db
          .statement('SELECT * FROM channel_groups WHERE platform = ? AND channel_id = ?')
          .get(platform, channelId);
        return row === undefined ? undefined : codec.toBinding(row);
      });
    },

    async unbindChannelGroup(platform, channelId) {
      return db.run('unbindChannelGroup', () => {
        const deleted = db
          .statement('DELETE FROM channel_groups WHERE platform = ? AND channel_id = ?')
          .run(platform, channelId);
        return Number(deleted.changes) === 1;
      });
    },
  };
}
