import type { Dialect } from './migration.ts';

/**
 * Every message goes through the outbox; requester outcomes are notifications too, so their old
 * claim columns go. Unsent claims of an older build may have been tried: looked for before posting.
 */
export const outboxKinds = ({ instant }: Dialect): string => `
    ALTER TABLE notifications ADD COLUMN tried_at ${instant};
    ALTER TABLE notifications ADD COLUMN lost_at ${instant};
    UPDATE notifications SET tried_at = claimed_at
      WHERE message_ref IS NULL AND intent_kind IS NOT NULL;
    ALTER TABLE bot_requests DROP COLUMN outcome_claimed_at;
    ALTER TABLE bot_requests DROP COLUMN outcome_claimed_by;
  `;
