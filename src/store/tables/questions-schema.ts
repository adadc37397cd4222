import type { Dialect } from '../migration.ts';

/** The question waiting for a person's next line: one per person. */
export const open = (t: Dialect): string => `
    CREATE TABLE open_questions (
      platform     TEXT NOT NULL,
      chat_user_id TEXT NOT NULL,
      question     ${t.json} NOT NULL,
      expires_at   ${t.instant} NOT NULL,
      PRIMARY KEY (platform, chat_user_id)
    )${t.strict};
  `;
