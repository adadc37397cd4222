import type { Dialect } from '../migration.ts';

/** The bot's own requests, part of migration 2. */
export const botRequests = (t: Dialect): string => `
      CREATE TABLE bot_requests (
        access_id          TEXT PRIMARY KEY,
        access_user_id     TEXT NOT NULL,
        work_app_id        TEXT NOT NULL,
        task_ids           ${t.json} NOT NULL,
        requested_at       ${t.instant} NOT NULL,
        outcome_claimed_at ${t.instant},
        outcome_claimed_by TEXT,
        outcome_sent_at    ${t.instant}
      )${t.strict};
      CREATE INDEX bot_requests_open ON bot_requests (requested_at) WHERE outcome_sent_at IS NULL;
`;

/** Requests seen through approvers' tasks kept beside the bot's own; nudges; look marks. */
export const viaTasks = (t: Dialect): string => `
    ALTER TABLE bot_requests ADD COLUMN via TEXT NOT NULL DEFAULT 'bot';
    ALTER TABLE bot_requests ADD COLUMN nudged_at ${t.instant};
    DROP INDEX bot_requests_open;
    CREATE INDEX bot_requests_open ON bot_requests (requested_at)
      WHERE outcome_sent_at IS NULL AND via = 'bot';
    CREATE INDEX bot_requests_requester ON bot_requests (access_user_id, requested_at);

    CREATE TABLE request_tasks (
      access_id TEXT NOT NULL,
      task_id   TEXT NOT NULL,
      PRIMARY KEY (access_id, task_id)
    )${t.strict};
    CREATE INDEX request_tasks_task ON request_tasks (task_id);

    CREATE TABLE request_numbering (
      platform     TEXT NOT NULL,
      chat_user_id TEXT NOT NULL,
      access_ids   ${t.json} NOT NULL,
      saved_at     ${t.instant} NOT NULL,
      PRIMARY KEY (platform, chat_user_id)
    )${t.strict};

    CREATE TABLE task_looks (
      subject        TEXT PRIMARY KEY,
      task_id        TEXT NOT NULL,
      access_user_id TEXT NOT NULL,
      name           TEXT NOT NULL,
      since_at       ${t.instant} NOT NULL,
      until_at       ${t.instant} NOT NULL
    )${t.strict};

    ALTER TABLE notifications ADD COLUMN look_ends_at ${t.instant};
  `;

/** Who filed a request on someone else's behalf (the Access Service records only whom it is for). */
export const filers = (): string => `
    ALTER TABLE bot_requests ADD COLUMN filed_by TEXT;
    ALTER TABLE bot_requests ADD COLUMN filed_by_name TEXT;
    CREATE INDEX bot_requests_filer ON bot_requests (filed_by, requested_at)
      WHERE filed_by IS NOT NULL;
  `;
