import type { Dialect } from '../migration.ts';

/**
 * One table for every pending confirmation. The two it replaces held changes of 15 minutes at
 * most: dropped, and a change in flight at the upgrade is asked for again.
 */
export const pending = (t: Dialect): string => `
    CREATE TABLE confirmations (
      id             TEXT PRIMARY KEY,
      kind           TEXT NOT NULL,
      platform       TEXT NOT NULL,
      chat_user_id   TEXT NOT NULL,
      access_user_id TEXT NOT NULL,
      confirmer      TEXT NOT NULL,
      payload        ${t.json} NOT NULL,
      created_at     ${t.instant} NOT NULL,
      expires_at     ${t.instant} NOT NULL,
      state          TEXT NOT NULL,
      outcome        TEXT,
      updated_at     ${t.instant} NOT NULL
    )${t.strict};
    CREATE INDEX confirmations_expires ON confirmations (expires_at);
    DROP TABLE group_changes;
    DROP TABLE app_changes;
  `;
