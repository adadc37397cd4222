import { z } from 'zod';
import type { Platform } from '../records.ts';
import type { LinkStore, TaskAudienceStore, TaskNumberStore } from '../roles.ts';
import { LINK_COLUMNS, rowCodec } from '../rows.ts';
import { checkedAudience, checkedTaskIds } from '../task-numbering.ts';
import type { PgDb } from './db.ts';

/** pg reads timestamptz as Date and writes Date as timestamptz. */
const codec = rowCodec(z.date(), (date) => date);

/** The people's tables on PostgreSQL (see the SQLite twin). */
export function postgresIdentityTables(db: PgDb): LinkStore & TaskNumberStore & TaskAudienceStore {
  return {
    async getLink(platform, chatUserId) {
      const rows = await db.rows(
        'getLink',
        'SELECT * FROM identity_links WHERE platform = $1 AND chat_user_id = $2',
        [platform, chatUserId],
      );
      return rows[0] === undefined ? undefined : codec.toLink(rows[0]);
    },

    async saveLink(link) {
      await db.query(
        'saveLink',
        `INSERT INTO identity_links (${LINK_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT (platform, chat_user_id) DO UPDATE SET
           access_user_id = excluded.access_user_id,
           email = excluded.email,
           display_name = excluded.display_name,
           linked_at = excluded.linked_at`,
        codec.linkValues(link),
      );
    },

    async listLinks(platform?: Platform) {
      const rows =
        platform === undefined
          ? await db.rows(
              'listLinks',
              'SELECT * FROM identity_links ORDER BY platform, chat_user_id',
            )
          : await db.rows(
              'listLinks',
              'SELECT * FROM identity_links WHERE platform = $1 ORDER BY chat_user_id',
              [platform],
            );
      return rows.map(codec.toLink);
    },

    async saveTaskNumbering(platform, chatUserId, taskIds, at) {
      const ids = JSON.stringify(checkedTaskIds(taskIds, 'STORE_INVALID_INPUT'));
      await db.query(
        'saveTaskNumbering',
        `INSERT INTO task_numbering (platform, chat_user_id, task_ids, saved_at) VALUES ($1, $2, $3, $4)
         ON CONFLICT (platform, chat_user_id) DO UPDATE SET
           task_ids = excluded.task_ids, saved_at = excluded.saved_at
         WHERE task_numbering.task_ids IS DISTINCT FROM excluded.task_ids`,
        [platform, chatUserId, ids, at],
      );
    },

    async getTaskNumbering(platform, chatUserId) {
      const rows = await db.rows(
        'getTaskNumbering',
        'SELECT task_ids FROM task_numbering WHERE platform = $1 AND chat_user_id = $2',
        [platform, chatUserId],
      );
      const row = rows[0] as { task_ids: unknown } | undefined;
      return row && checkedTaskIds(row.task_ids, 'STORE_CORRUPT_ROW');
    },

    async rememberTasks(accessUserId, taskIds, at) {
      const valid = checkedAudience(accessUserId, taskIds, at);
      await db.query(
        'rememberTasks',
        `INSERT INTO task_audience (access_user_id, task_id, shown_at)
         SELECT $1, id, $3 FROM unnest($2::text[]) AS id ON CONFLICT DO NOTHING`,
        [valid.accessUserId, valid.taskIds, valid.at],
      );
    },

    async wasShown(accessUserId, taskId) {
      const rows = await db.rows(
        'wasShown',
        'SELECT 1 FROM task_audience WHERE access_user_id = $1 AND task_id = $2',
        [accessUserId, taskId],
      );
      return rows.length > 0;
    },
  };
}
