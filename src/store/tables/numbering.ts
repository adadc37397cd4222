/**
 * Numbered lists a person was shown, so a number means the same item on every replica and after a
 * restart. Saving an unchanged list writes nothing (it is saved on every answer).
 */
import { z } from 'zod';
import type { Platform } from '../records.ts';
import { checkedInput, raw, rowReader, type SqlDb, sql, storedJson } from '../sql.ts';

/** As many as a list can number (see `TaskRef` in src/core/commands.ts). */
const Ids = z.array(z.string().min(1)).max(500);

/** `name` names the operations in errors. */
export function numberedList(
  db: SqlDb,
  name: 'TaskNumbering' | 'RequestNumbering',
  column: 'task_ids' | 'access_ids',
) {
  const table = name === 'TaskNumbering' ? 'task_numbering' : 'request_numbering';
  const field = column === 'task_ids' ? 'taskIds' : 'accessIds';
  const toIds = rowReader(table, Ids, { json: [field], shape: (row) => row[field] });
  const [t, c] = [raw(table), raw(column)];
  return {
    async save(platform: Platform, chatUserId: string, ids: string[], at: Date) {
      const list = storedJson(checkedInput(Ids, ids, `the numbering of ${table}`));
      await db.run(
        `save${name}`,
        sql`INSERT INTO ${t} (platform, chat_user_id, ${c}, saved_at)
            VALUES (${platform}, ${chatUserId}, ${list}, ${at})
            ON CONFLICT (platform, chat_user_id) DO UPDATE SET
              ${c} = excluded.${c}, saved_at = excluded.saved_at
            WHERE ${t}.${c} IS DISTINCT FROM excluded.${c}`,
      );
    },
    async get(platform: Platform, chatUserId: string) {
      const [row] = await db.all(
        `get${name}`,
        sql`SELECT ${c} FROM ${t} WHERE platform = ${platform} AND chat_user_id = ${chatUserId}`,
      );
      return row && toIds(row);
    },
  };
}
