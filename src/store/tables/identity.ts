/** The people's tables: links, task numbering and the tasks each person was shown. */
import { z } from 'zod';
import { checkedInput } from '../checked.ts';
import { IdentityLink } from '../records.ts';
import type { LinkStore, TaskAudienceStore, TaskNumberStore } from '../roles.ts';
import { rowReader } from '../rows.ts';
import { type SqlDb, sql, upsert } from '../sql.ts';

const toLink = rowReader('identity_links', IdentityLink);

/** As many as a `tasks` list can number (see `TaskRef` in src/core/commands.ts). */
const TaskIds = z.array(z.string().min(1)).max(500);
const toTaskIds = rowReader('task_numbering', TaskIds, {
  json: ['taskIds'],
  shape: (row) => row.taskIds,
});
const Audience = z.object({
  accessUserId: z.string().min(1),
  taskIds: z.array(z.string().min(1)),
  at: z.date(),
});

export function identityTables(db: SqlDb): LinkStore & TaskNumberStore & TaskAudienceStore {
  return {
    async getLink(platform, chatUserId) {
      const [row] = await db.all(
        'getLink',
        sql`SELECT * FROM identity_links WHERE platform = ${platform} AND chat_user_id = ${chatUserId}`,
      );
      return row && toLink(row);
    },

    async saveLink(link) {
      const valid = checkedInput(IdentityLink, link, 'the identity link to save');
      // Lower-cased, so links match an e-mail address case-insensitively.
      const row = { ...valid, email: valid.email.toLowerCase() };
      await db.run('saveLink', upsert('identity_links', row, ['platform', 'chat_user_id']));
    },

    async listLinks(platform) {
      const rows = await db.all(
        'listLinks',
        platform === undefined
          ? sql`SELECT * FROM identity_links ORDER BY platform, chat_user_id`
          : sql`SELECT * FROM identity_links WHERE platform = ${platform} ORDER BY chat_user_id`,
      );
      return rows.map(toLink);
    },

    async deleteLink(platform, chatUserId) {
      await db.run(
        'deleteLink',
        sql`DELETE FROM identity_links WHERE platform = ${platform} AND chat_user_id = ${chatUserId}`,
      );
    },

    async saveTaskNumbering(platform, chatUserId, taskIds, at) {
      const ids = JSON.stringify(checkedInput(TaskIds, taskIds, 'task numbering'));
      await db.run(
        'saveTaskNumbering',
        sql`INSERT INTO task_numbering (platform, chat_user_id, task_ids, saved_at)
            VALUES (${platform}, ${chatUserId}, ${ids}, ${at})
            ON CONFLICT (platform, chat_user_id) DO UPDATE SET
              task_ids = excluded.task_ids, saved_at = excluded.saved_at
            WHERE task_numbering.task_ids IS DISTINCT FROM excluded.task_ids`,
      );
    },

    async getTaskNumbering(platform, chatUserId) {
      const [row] = await db.all(
        'getTaskNumbering',
        sql`SELECT task_ids FROM task_numbering WHERE platform = ${platform} AND chat_user_id = ${chatUserId}`,
      );
      return row && toTaskIds(row);
    },

    async rememberTasks(accessUserId, taskIds, at) {
      const valid = checkedInput(Audience, { accessUserId, taskIds, at }, 'the tasks shown');
      // `WHERE true` tells SQLite's parser that ON CONFLICT belongs to the INSERT.
      await db.run(
        'rememberTasks',
        sql`INSERT INTO task_audience (access_user_id, task_id, shown_at)
            SELECT ${valid.accessUserId}, value, ${valid.at} FROM ${db.list(valid.taskIds)}
            WHERE true ON CONFLICT DO NOTHING`,
      );
    },

    async wasShown(accessUserId, taskId) {
      const rows = await db.all(
        'wasShown',
        sql`SELECT 1 AS shown FROM task_audience WHERE access_user_id = ${accessUserId} AND task_id = ${taskId}`,
      );
      return rows.length > 0;
    },
  };
}
