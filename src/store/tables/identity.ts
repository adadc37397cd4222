/** The people's tables: links, task numbering and the tasks each person was shown. */
import { z } from 'zod';
import type { TaskAudienceStore, TaskNumberStore } from '../../core/tasks/store.ts';
import { IdentityLink } from '../records.ts';
import type { LinkStore } from '../roles.ts';
import { checkedInput, rowReader, type SqlDb, sql, upsert } from '../sql.ts';
import { numberedList } from './numbering.ts';

const toLink = rowReader('identity_links', IdentityLink);
const Audience = z.object({
  accessUserId: z.string().min(1),
  taskIds: z.array(z.string().min(1)),
  at: z.date(),
});

export function identityTables(db: SqlDb): LinkStore & TaskNumberStore & TaskAudienceStore {
  const numbering = numberedList(db, 'TaskNumbering', 'task_ids');
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

    async listLinksOf(accessUserId) {
      const rows = await db.all(
        'listLinksOf',
        sql`SELECT * FROM identity_links WHERE access_user_id = ${accessUserId}
            ORDER BY platform, chat_user_id`,
      );
      return rows.map(toLink);
    },

    async deleteLink(platform, chatUserId) {
      await db.run(
        'deleteLink',
        sql`DELETE FROM identity_links WHERE platform = ${platform} AND chat_user_id = ${chatUserId}`,
      );
    },

    saveTaskNumbering: numbering.save,
    getTaskNumbering: numbering.get,

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
