import type { Dialect } from './migration.ts';

/**
 * Every message accessbot sends on its own goes through the outbox: a notification remembers
 * when its post was last started (`tried_at`: never started, nothing can be on the platform) and
 * when accessbot lost track of a message it could not find again (`lost_at`). Requester outcomes
 * are notifications too, so their old claim columns go. Unsent claims of an older build may have
 * been tried: they are looked for before they are posted.
 */
export const outboxKinds = ({ instant }: Dialect): string => `
    ALTER TABLE notifications ADD COLUMN tried_at ${instant};
    ALTER TABLE notifications ADD COLUMN lost_at ${instant};
    UPDATE notifications SET tried_at = claimed_at
      WHERE message_ref IS NULL AND intent_kind IS NOT NULL;
    ALTER TABLE bot_requests DROP COLUMN outcome_claimed_at;
    ALTER TABLE bot_requests DROP COLUMN outcome_claimed_by;
  `;
