import { z } from 'zod';
import type { IdentityLink, Platform } from '../records.ts';
import type { LinkStore, TaskAudienceStore, TaskNumberStore } from '../roles.ts';
import { LINK_COLUMNS, rowCodec } from '../rows.ts';
import { checkedAudience, checkedTaskIds } from '../task-numbering.ts';
import type { SqliteDb } from './db.ts';

/** Dates are stored as INTEGER epoch milliseconds. */
const codec = rowCodec(
  z.number().transform((ms) => new Date(ms)),
  (date) => date.getTime(),
);

/** The people's tables on SQLite: links, task numbering and tasks shown. */
export function sqliteIdentityTables(
  db: SqliteDb,
): LinkStore & TaskNumberStore & TaskAudienceStore {
  return {
    async getLink(platform: Platform, chatUserId: string) {
      return db.run('getLink', () => {
        const row = db
          .statement('SELECT * FROM identity_links WHERE platform = ? AND chat_user_id = ?')
          .get(platform, chatUserId);
        return row === undefined ? undefined : codec.toLink(row);
      });
    },

    async saveLink(link: IdentityLink) {
      const values = codec.linkValues(link);
      db.run('saveLink', () => {
        db.statement(
          `INSERT OR REPLACE INTO identity_links (${LINK_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?)`,
        ).run(...values);
      });
    },

    async listLinks(platform?: Platform) {
      return db.run('listLinks', () => {
        const rows =
          platform === undefined
            ? db.statement('SELECT * FROM identity_links ORDER BY platform, chat_user_id').all()
            : db
                .statement('SELECT * FROM identity_links WHERE platform = ? ORDER BY chat_user_id')
                .all(platform);
        return rows.map(codec.toLink);
      });
    },

    async saveTaskNumbering(platform, chatUserId, taskIds, at) {
      const ids = JSON.stringify(checkedTaskIds(taskIds, 'STORE_INVALID_INPUT'));
      db.run('saveTaskNumbering', () => {
        db.statement(
          `INSERT INTO task_numbering (platform, chat_user_id, task_ids, saved_at)
           VALUES (?, ?, ?, ?)
           ON CONFLICT (platform, chat_user_id) DO UPDATE SET
             task_ids = excluded.task_ids, saved_at = excluded.saved_at
           WHERE task_numbering.task_ids IS NOT excluded.task_ids`,
        ).run(platform, chatUserId, ids, at.getTime());
      });
    },

    async getTaskNumbering(platform, chatUserId) {
      return db.run('getTaskNumbering', () => {
        const row = db
          .statement('SELECT task_ids FROM task_numbering WHERE platform = ? AND chat_user_id = ?')
          .get(platform, chatUserId) as { task_ids: string } | undefined;
        return row && checkedTaskIds(JSON.parse(row.task_ids), 'STORE_CORRUPT_ROW');
      });
    },

    async rememberTasks(accessUserId, taskIds, at) {
      const valid = checkedAudience(accessUserId, taskIds, at);
      db.run('rememberTasks', () => {
        if (!valid.taskIds.length) return;
        // `WHERE true` tells SQLite's parser that ON CONFLICT belongs to the INSERT.
        db.statement(
          `INSERT INTO task_audience (access_user_id, task_id, shown_at)
           SELECT ?, value, ? FROM json_each(?) WHERE true ON CONFLICT DO NOTHING`,
        ).run(valid.accessUserId, valid.at.getTime(), JSON.stringify(valid.taskIds));
      });
    },

    async wasShown(accessUserId, taskId) {
      return db.run(
        'wasShown',
        () =>
          db
            .statement('SELECT 1 FROM task_audience WHERE access_user_id = ? AND task_id = ?')
            .get(accessUserId, taskId) !== undefined,
      );
    },
  };
}
