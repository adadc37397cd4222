import type { Dialect } from '../migration.ts';

/** Each person's daily digest: when, and the day last sent (one row a person). */
export const choices = (t: Dialect): string => `
      CREATE TABLE digest_choices (
        access_user_id TEXT PRIMARY KEY,
        mode           TEXT NOT NULL,
        digest_time    TEXT NOT NULL,
        chosen_at      ${t.instant} NOT NULL,
        sent_day       TEXT,
        sent_at        ${t.instant},
        shown          ${t.json} NOT NULL
      )${t.strict};
      CREATE INDEX digest_choices_on ON digest_choices (mode) WHERE mode <> 'off';
    `;
