import type { Dialect } from '../migration.ts';

/** Application changes from chat, and `app_policies`: the Access Service shows none. */
export const policies = (t: Dialect): string => `
    CREATE TABLE app_changes (
      id             TEXT PRIMARY KEY,
      platform       TEXT NOT NULL,
      chat_user_id   TEXT NOT NULL,
      access_user_id TEXT NOT NULL,
      asked_by_name  TEXT NOT NULL,
      app_id         TEXT NOT NULL,
      app_name       TEXT NOT NULL,
      subject        ${t.json} NOT NULL,
      confirmer      TEXT NOT NULL,
      created_at     ${t.instant} NOT NULL,
      expires_at     ${t.instant} NOT NULL,
      state          TEXT NOT NULL,
      outcome        TEXT,
      updated_at     ${t.instant} NOT NULL
    )${t.strict};
    CREATE INDEX app_changes_expires ON app_changes (expires_at);

    CREATE TABLE app_policies (
      app_id       TEXT NOT NULL,
      level_id     TEXT NOT NULL,
      level_name   TEXT,
      request_type TEXT NOT NULL,
      policy_id    TEXT NOT NULL,
      policy_name  TEXT NOT NULL,
      set_by       TEXT NOT NULL,
      set_by_name  TEXT NOT NULL,
      set_at       ${t.instant} NOT NULL,
      PRIMARY KEY (app_id, level_id, request_type)
    )${t.strict};

    ALTER TABLE audit_log ADD COLUMN field_name TEXT;
    ALTER TABLE audit_log ADD COLUMN request_type TEXT;
    ALTER TABLE audit_log ADD COLUMN value_before TEXT;
    ALTER TABLE audit_log ADD COLUMN value_after TEXT;
  `;

/** Counters every replica reads before it trusts what it cached (apps.ts). */
export const generations = (t: Dialect): string => `
      CREATE TABLE generations (
        name  TEXT PRIMARY KEY,
        value INTEGER NOT NULL
      )${t.sqlite ? ' STRICT, WITHOUT ROWID' : ''};
    `;
