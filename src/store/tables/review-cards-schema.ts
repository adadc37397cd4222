import type { Dialect } from '../migration.ts';

/** The tasks each round of an approver's review card holds (one row a task and card). */
export const rows = (t: Dialect): string => `
      CREATE TABLE review_rows (
        card      TEXT NOT NULL,
        round_no  INTEGER NOT NULL,
        task_id   TEXT NOT NULL,
        added_at  ${t.instant} NOT NULL,
        PRIMARY KEY (card, task_id)
      )${t.strict};
      CREATE INDEX review_rows_task ON review_rows (task_id);
    `;
