import type { Migration } from '../migration.ts';

/**
 * The PostgreSQL schema (append-only, see Migration): the same logical tables as SQLite's, with
 * timestamptz dates. Each migration runs inside the one migrating transaction, so it must not use
 * statements PostgreSQL refuses there (e.g. CREATE INDEX CONCURRENTLY).
 */
export const migrations: readonly Migration[] = [
  {
    version: 1,
    sql: `
      CREATE TABLE identity_links (
        platform       text NOT NULL,
        chat_user_id   text NOT NULL,
        access_user_id text NOT NULL,
        email          text NOT NULL,
        display_name   text,
        linked_at      timestamptz NOT NULL,
        PRIMARY KEY (platform, chat_user_id)
      );
      CREATE INDEX identity_links_access_user_id ON identity_links (access_user_id);

      CREATE TABLE audit_log (
        id             bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        at             timestamptz NOT NULL,
        platform       text NOT NULL,
        chat_user_id   text NOT NULL,
        access_user_id text,
        task_id        text NOT NULL,
        action         text NOT NULL,
        reason         text,
        outcome        text NOT NULL,
        detail         text
      );
      CREATE INDEX audit_log_task_id_at ON audit_log (task_id, at);
      CREATE INDEX audit_log_at ON audit_log (at);
    `,
  },
];
