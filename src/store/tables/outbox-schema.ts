import type { Dialect } from '../migration.ts';

/** Notifications, the first part of migration 2. */
export const notifications = (t: Dialect): string => `
      CREATE TABLE notifications (
        task_id        TEXT NOT NULL,
        platform       TEXT NOT NULL,
        recipient      TEXT NOT NULL,
        access_user_id TEXT NOT NULL,
        claimed_at     ${t.instant} NOT NULL,
        claimed_by     TEXT NOT NULL,
        message_ref    ${t.json},
        sent_at        ${t.instant},
        reminded_at    ${t.instant},
        resolved_at    ${t.instant},
        PRIMARY KEY (task_id, platform, recipient)
      )${t.strict};
      CREATE INDEX notifications_open ON notifications (access_user_id) WHERE resolved_at IS NULL;
`;

/** The outbox. Claims left unsent by an older build carry no message: dropped, polled anew. */
export const intents = (t: Dialect): string => `
      DELETE FROM notifications WHERE message_ref IS NULL AND resolved_at IS NULL;
      ALTER TABLE notifications ADD COLUMN delivery_id TEXT;
      ALTER TABLE notifications ADD COLUMN destination ${t.json};
      ALTER TABLE notifications ADD COLUMN intent_kind TEXT;
      ALTER TABLE notifications ADD COLUMN intent_body ${t.json};
      ALTER TABLE notifications ADD COLUMN intent_owner TEXT;
      ALTER TABLE notifications ADD COLUMN intent_owned_at ${t.instant};
      ALTER TABLE notifications ADD COLUMN intent_due_at ${t.instant};
      ALTER TABLE notifications ADD COLUMN intent_attempts INTEGER NOT NULL DEFAULT 0;
      ALTER TABLE notifications ADD COLUMN intent_seq INTEGER NOT NULL DEFAULT 0;
      CREATE INDEX notifications_intents ON notifications (intent_due_at)
        WHERE intent_kind IS NOT NULL;

      CREATE TABLE replicas (
        id           TEXT PRIMARY KEY,
        heartbeat_at ${t.instant} NOT NULL
      )${t.strict};
    `;

/**
 * Every message goes through the outbox; requester outcomes are notifications too, so their old
 * claim columns go. Unsent claims of an older build may have been tried: looked for before posting.
 */
export const kinds = ({ instant }: Dialect): string => `
    ALTER TABLE notifications ADD COLUMN tried_at ${instant};
    ALTER TABLE notifications ADD COLUMN lost_at ${instant};
    UPDATE notifications SET tried_at = claimed_at
      WHERE message_ref IS NULL AND intent_kind IS NOT NULL;
    ALTER TABLE bot_requests DROP COLUMN outcome_claimed_at;
    ALTER TABLE bot_requests DROP COLUMN outcome_claimed_by;
  `;
