import type { Migration } from '../migration.ts';

/** As SQLite's (src/store/sqlite/migration-outbox-kinds.ts). */
export const outboxKinds: Migration = {
  version: 11,
  sql: `
    ALTER TABLE notifications ADD COLUMN tried_at timestamptz;
    ALTER TABLE notifications ADD COLUMN lost_at timestamptz;
    UPDATE notifications SET tried_at = claimed_at
      WHERE message_ref IS NULL AND intent_kind IS NOT NULL;
    ALTER TABLE bot_requests DROP COLUMN outcome_claimed_at;
    ALTER TABLE bot_requests DROP COLUMN outcome_claimed_by;
  `,
};
