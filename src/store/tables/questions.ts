/** One row per person, deleted when taken: never more rows than people asked. */
import { z } from 'zod';
import { JsonObject } from '../records.ts';
import type { QuestionStore } from '../roles.ts';
import { checkedInput, rowReader, type SqlDb, sql, storedJson } from '../sql.ts';

const toTaken = rowReader(
  'open_questions',
  z.object({ question: JsonObject, expiresAt: z.date() }),
  { json: ['question'] },
);

export function questionTables(db: SqlDb): QuestionStore {
  return {
    async askQuestion(platform, chatUserId, question, expiresAt) {
      const body = storedJson(checkedInput(JsonObject, question, 'the question to keep'));
      await db.run(
        'askQuestion',
        sql`INSERT INTO open_questions (platform, chat_user_id, question, expires_at)
            VALUES (${platform}, ${chatUserId}, ${body}, ${expiresAt})
            ON CONFLICT (platform, chat_user_id) DO UPDATE SET
              question = excluded.question, expires_at = excluded.expires_at`,
      );
    },

    async takeQuestion(platform, chatUserId, now) {
      const [row] = await db.all(
        'takeQuestion',
        sql`DELETE FROM open_questions WHERE platform = ${platform} AND chat_user_id = ${chatUserId}
            RETURNING question, expires_at`,
      );
      const taken = row && toTaken(row);
      return taken && taken.expiresAt.getTime() > now.getTime() ? taken.question : undefined;
    },
  };
}
