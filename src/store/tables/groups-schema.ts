import type { Dialect } from '../migration.ts';

/** Pending membership changes and channel bindings, the rest of migration 8. */
export const membership = (t: Dialect): string => `
      CREATE TABLE group_changes (
        id             TEXT PRIMARY KEY,
        platform       TEXT NOT NULL,
        chat_user_id   TEXT NOT NULL,
        access_user_id TEXT NOT NULL,
        action         TEXT NOT NULL,
        group_id       TEXT NOT NULL,
        group_name     TEXT NOT NULL,
        target_user_id TEXT NOT NULL,
        target_name    TEXT,
        target_email   TEXT,
        created_at     ${t.instant} NOT NULL,
        expires_at     ${t.instant} NOT NULL,
        state          TEXT NOT NULL,
        outcome        TEXT,
        updated_at     ${t.instant} NOT NULL
      )${t.strict};
      CREATE INDEX group_changes_expires ON group_changes (expires_at);

      CREATE TABLE channel_groups (
        platform   TEXT NOT NULL,
        channel_id TEXT NOT NULL,
        group_id   TEXT NOT NULL,
        group_name TEXT NOT NULL,
        bound_by   TEXT NOT NULL,
        bound_at   ${t.instant} NOT NULL,
        PRIMARY KEY (platform, channel_id)
      )${t.strict};
    `;
