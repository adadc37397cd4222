import type { Dialect } from '../migration.ts';

/** A person's task numbers (`approve 2`). */
export const tasks = (t: Dialect): string => `
      CREATE TABLE task_numbering (
        platform     TEXT NOT NULL,
        chat_user_id TEXT NOT NULL,
        task_ids     ${t.json} NOT NULL,
        saved_at     ${t.instant} NOT NULL,
        PRIMARY KEY (platform, chat_user_id)
      )${t.strict};
    `;

/** The task numbers as one b-tree (WITHOUT ROWID, SQLite): the rest of migration 9. */
export const tasksRowid = (): string => `
      CREATE TABLE task_numbering_v9 (
        platform     TEXT NOT NULL,
        chat_user_id TEXT NOT NULL,
        task_ids     TEXT NOT NULL,
        saved_at     INTEGER NOT NULL,
        PRIMARY KEY (platform, chat_user_id)
      ) STRICT, WITHOUT ROWID;
      INSERT INTO task_numbering_v9 SELECT platform, chat_user_id, task_ids, saved_at FROM task_numbering;
      DROP TABLE task_numbering;
      ALTER TABLE task_numbering_v9 RENAME TO task_numbering;
    `;
