import type { Migration } from './migration.ts';
import type { Dialect } from './migration-requesters.ts';

/**
 * The question waiting for a person's next line (src/store/tables/questions.ts): one per person.
 * One text for both databases, each with its own types and version number.
 */
export const questions = (version: number, t: Dialect): Migration => ({
  version,
  sql: `
    CREATE TABLE open_questions (
      platform     TEXT NOT NULL,
      chat_user_id TEXT NOT NULL,
      question     ${t.json} NOT NULL,
      expires_at   ${t.instant} NOT NULL,
      PRIMARY KEY (platform, chat_user_id)
    )${t.strict};
  `,
});
