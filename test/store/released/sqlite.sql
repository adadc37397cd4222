-- migration 1

      CREATE TABLE identity_links (
        platform       TEXT NOT NULL,
        chat_user_id   TEXT NOT NULL,
        access_user_id TEXT NOT NULL,
        email          TEXT NOT NULL,
        display_name   TEXT,
        linked_at      INTEGER NOT NULL,
        PRIMARY KEY (platform, chat_user_id)
      ) STRICT;
      CREATE INDEX identity_links_access_user_id ON identity_links (access_user_id);

      CREATE TABLE audit_log (
        id             INTEGER PRIMARY KEY AUTOINCREMENT,
        at             INTEGER NOT NULL,
        platform       TEXT NOT NULL,
        chat_user_id   TEXT NOT NULL,
        access_user_id TEXT,
        task_id        TEXT NOT NULL,
        action         TEXT NOT NULL,
        reason         TEXT,
        outcome        TEXT NOT NULL,
        detail         TEXT
      ) STRICT;
      CREATE INDEX audit_log_task_id_at ON audit_log (task_id, at);
      CREATE INDEX audit_log_at ON audit_log (at);
    
-- migration 2

      CREATE TABLE notifications (
        task_id        TEXT NOT NULL,
        platform       TEXT NOT NULL,
        recipient      TEXT NOT NULL,
        access_user_id TEXT NOT NULL,
        claimed_at     INTEGER NOT NULL,
        claimed_by     TEXT NOT NULL,
        message_ref    TEXT,
        sent_at        INTEGER,
        reminded_at    INTEGER,
        resolved_at    INTEGER,
        PRIMARY KEY (task_id, platform, recipient)
      ) STRICT;
      CREATE INDEX notifications_open ON notifications (access_user_id) WHERE resolved_at IS NULL;

      CREATE TABLE bot_requests (
        access_id          TEXT PRIMARY KEY,
        access_user_id     TEXT NOT NULL,
        work_app_id        TEXT NOT NULL,
        task_ids           TEXT NOT NULL,
        requested_at       INTEGER NOT NULL,
        outcome_claimed_at INTEGER,
        outcome_claimed_by TEXT,
        outcome_sent_at    INTEGER
      ) STRICT;
      CREATE INDEX bot_requests_open ON bot_requests (requested_at) WHERE outcome_sent_at IS NULL;

      CREATE TABLE poll_schedule (
        access_user_id   TEXT PRIMARY KEY,
        next_due_at      INTEGER NOT NULL,
        poked            INTEGER NOT NULL DEFAULT 0,
        lease_owner      TEXT,
        lease_expires_at INTEGER
      ) STRICT;
      CREATE INDEX poll_schedule_due ON poll_schedule (next_due_at);

      CREATE TABLE scheduled_runs (
        job         TEXT PRIMARY KEY,
        next_run_at INTEGER NOT NULL
      ) STRICT;

      CREATE TABLE conversation_refs (
        platform     TEXT NOT NULL,
        chat_user_id TEXT NOT NULL,
        ref          TEXT NOT NULL,
        PRIMARY KEY (platform, chat_user_id)
      ) STRICT;
    
-- migration 3
CREATE INDEX audit_log_actor_at ON audit_log (platform, chat_user_id, at);
-- migration 4

      CREATE TABLE task_numbering (
        platform     TEXT NOT NULL,
        chat_user_id TEXT NOT NULL,
        task_ids     TEXT NOT NULL,
        saved_at     INTEGER NOT NULL,
        PRIMARY KEY (platform, chat_user_id)
      ) STRICT;
    
-- migration 5

      CREATE TABLE task_audience (
        access_user_id TEXT NOT NULL,
        task_id        TEXT NOT NULL,
        shown_at       INTEGER NOT NULL,
        PRIMARY KEY (access_user_id, task_id)
      ) STRICT;
    
-- migration 6

      DELETE FROM notifications WHERE message_ref IS NULL AND resolved_at IS NULL;
      ALTER TABLE notifications ADD COLUMN delivery_id TEXT;
      ALTER TABLE notifications ADD COLUMN destination TEXT;
      ALTER TABLE notifications ADD COLUMN intent_kind TEXT;
      ALTER TABLE notifications ADD COLUMN intent_body TEXT;
      ALTER TABLE notifications ADD COLUMN intent_owner TEXT;
      ALTER TABLE notifications ADD COLUMN intent_owned_at INTEGER;
      ALTER TABLE notifications ADD COLUMN intent_due_at INTEGER;
      ALTER TABLE notifications ADD COLUMN intent_attempts INTEGER NOT NULL DEFAULT 0;
      ALTER TABLE notifications ADD COLUMN intent_seq INTEGER NOT NULL DEFAULT 0;
      CREATE INDEX notifications_intents ON notifications (intent_due_at)
        WHERE intent_kind IS NOT NULL;

      CREATE TABLE replicas (
        id           TEXT PRIMARY KEY,
        heartbeat_at INTEGER NOT NULL
      ) STRICT;
    
-- migration 7

      CREATE TABLE replay_guard (
        key          TEXT PRIMARY KEY,
        forget_after INTEGER NOT NULL
      ) STRICT;
      CREATE INDEX replay_guard_forget ON replay_guard (forget_after);
    
-- migration 8

      CREATE TABLE audit_log_v8 (
        id             INTEGER PRIMARY KEY AUTOINCREMENT,
        at             INTEGER NOT NULL,
        platform       TEXT NOT NULL,
        chat_user_id   TEXT NOT NULL,
        access_user_id TEXT,
        task_id        TEXT,
        action         TEXT NOT NULL,
        reason         TEXT,
        outcome        TEXT NOT NULL,
        detail         TEXT,
        group_id       TEXT,
        group_name     TEXT,
        target_user_id TEXT,
        target_name    TEXT,
        target_email   TEXT
      ) STRICT;
      INSERT INTO audit_log_v8
        (id, at, platform, chat_user_id, access_user_id, task_id, action, reason, outcome, detail)
        SELECT id, at, platform, chat_user_id, access_user_id, task_id, action, reason, outcome, detail
        FROM audit_log;
      DROP TABLE audit_log;
      ALTER TABLE audit_log_v8 RENAME TO audit_log;
      CREATE INDEX audit_log_task_id_at ON audit_log (task_id, at);
      CREATE INDEX audit_log_at ON audit_log (at);
      CREATE INDEX audit_log_actor_at ON audit_log (platform, chat_user_id, at);
      CREATE INDEX audit_log_access_user ON audit_log (access_user_id, at);
      CREATE INDEX audit_log_target_user ON audit_log (target_user_id, at)
        WHERE target_user_id IS NOT NULL;

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
        created_at     INTEGER NOT NULL,
        expires_at     INTEGER NOT NULL,
        state          TEXT NOT NULL,
        outcome        TEXT,
        updated_at     INTEGER NOT NULL
      ) STRICT;
      CREATE INDEX group_changes_expires ON group_changes (expires_at);

      CREATE TABLE channel_groups (
        platform   TEXT NOT NULL,
        channel_id TEXT NOT NULL,
        group_id   TEXT NOT NULL,
        group_name TEXT NOT NULL,
        bound_by   TEXT NOT NULL,
        bound_at   INTEGER NOT NULL,
        PRIMARY KEY (platform, channel_id)
      ) STRICT;
    
-- migration 9

      CREATE TABLE replay_guard_v9 (
        key          TEXT PRIMARY KEY,
        forget_after INTEGER NOT NULL
      ) STRICT, WITHOUT ROWID;
      INSERT INTO replay_guard_v9 SELECT key, forget_after FROM replay_guard;
      DROP TABLE replay_guard;
      ALTER TABLE replay_guard_v9 RENAME TO replay_guard;

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
    
-- migration 10

      ALTER TABLE audit_log ADD COLUMN task_title TEXT;
      ALTER TABLE audit_log ADD COLUMN app_name TEXT;
      ALTER TABLE audit_log ADD COLUMN requester_name TEXT;
    
-- migration 11

      CREATE TABLE rate_counts (
        key          TEXT PRIMARY KEY,
        window_start INTEGER NOT NULL,
        actions      INTEGER NOT NULL
      ) STRICT, WITHOUT ROWID;
    
-- migration 12

  CREATE TEMP TABLE teams_keys AS
    SELECT min(old_id) AS old_id, new_id FROM (
      SELECT substr(chat_user_id, 6) AS old_id, lower(tenant) || ':' || lower(object) AS new_id
      FROM (
        SELECT chat_user_id,
          json_extract(ref, '$.conversation.tenantId') AS tenant,
          json_extract(ref, '$.user.aadObjectId') AS object
        FROM conversation_refs WHERE platform = 'teams' AND chat_user_id LIKE 'user:%'
      ) AS refs
      WHERE length(tenant) BETWEEN 1 AND 64 AND tenant NOT GLOB '*[^A-Za-z0-9_-]*' AND length(object) BETWEEN 1 AND 64 AND object NOT GLOB '*[^A-Za-z0-9_-]*'
    ) AS named GROUP BY new_id;

  UPDATE identity_links
    SET chat_user_id = (SELECT new_id FROM teams_keys WHERE old_id = chat_user_id)
    WHERE platform = 'teams' AND chat_user_id IN (SELECT old_id FROM teams_keys);
  DELETE FROM identity_links
    WHERE platform = 'teams' AND chat_user_id NOT IN (SELECT new_id FROM teams_keys);

  UPDATE conversation_refs
    SET chat_user_id = 'user:' || (SELECT new_id FROM teams_keys WHERE 'user:' || old_id = chat_user_id)
    WHERE platform = 'teams' AND chat_user_id IN (SELECT 'user:' || old_id FROM teams_keys);
  DELETE FROM conversation_refs
    WHERE platform = 'teams' AND chat_user_id LIKE 'user:%'
      AND chat_user_id NOT IN (SELECT 'user:' || new_id FROM teams_keys);

  UPDATE group_changes
    SET chat_user_id = (SELECT new_id FROM teams_keys WHERE old_id = chat_user_id)
    WHERE platform = 'teams' AND chat_user_id IN (SELECT old_id FROM teams_keys);

  UPDATE notifications SET
      recipient = 'user:' || teams_keys.new_id,
      destination = json_set(destination, '$.chatUserId', teams_keys.new_id),
      message_ref = json_set(message_ref, '$.destination.chatUserId', teams_keys.new_id)
    FROM teams_keys
    WHERE notifications.platform = 'teams' AND notifications.recipient = 'user:' || teams_keys.old_id;

  DELETE FROM task_numbering WHERE platform = 'teams';
  DROP TABLE teams_keys;

-- migration 13

      ALTER TABLE audit_log ADD COLUMN task_type TEXT;
      ALTER TABLE audit_log ADD COLUMN task_created_at INTEGER;
      ALTER TABLE audit_log ADD COLUMN decided_by TEXT;
    
-- migration 14

      ALTER TABLE audit_log ADD COLUMN app_id TEXT;
      CREATE INDEX audit_log_app ON audit_log (app_id, at) WHERE app_id IS NOT NULL;
    
-- migration 15

    ALTER TABLE notifications ADD COLUMN tried_at INTEGER;
    ALTER TABLE notifications ADD COLUMN lost_at INTEGER;
    UPDATE notifications SET tried_at = claimed_at
      WHERE message_ref IS NULL AND intent_kind IS NOT NULL;
    ALTER TABLE bot_requests DROP COLUMN outcome_claimed_at;
    ALTER TABLE bot_requests DROP COLUMN outcome_claimed_by;
  
-- migration 16

    ALTER TABLE bot_requests ADD COLUMN via TEXT NOT NULL DEFAULT 'bot';
    ALTER TABLE bot_requests ADD COLUMN nudged_at INTEGER;
    DROP INDEX bot_requests_open;
    CREATE INDEX bot_requests_open ON bot_requests (requested_at)
      WHERE outcome_sent_at IS NULL AND via = 'bot';
    CREATE INDEX bot_requests_requester ON bot_requests (access_user_id, requested_at);

    CREATE TABLE request_tasks (
      access_id TEXT NOT NULL,
      task_id   TEXT NOT NULL,
      PRIMARY KEY (access_id, task_id)
    ) STRICT;
    CREATE INDEX request_tasks_task ON request_tasks (task_id);

    CREATE TABLE request_numbering (
      platform     TEXT NOT NULL,
      chat_user_id TEXT NOT NULL,
      access_ids   TEXT NOT NULL,
      saved_at     INTEGER NOT NULL,
      PRIMARY KEY (platform, chat_user_id)
    ) STRICT;

    CREATE TABLE task_looks (
      subject        TEXT PRIMARY KEY,
      task_id        TEXT NOT NULL,
      access_user_id TEXT NOT NULL,
      name           TEXT NOT NULL,
      since_at       INTEGER NOT NULL,
      until_at       INTEGER NOT NULL
    ) STRICT;

    ALTER TABLE notifications ADD COLUMN look_ends_at INTEGER;
  
-- migration 17

      ALTER TABLE audit_log ADD COLUMN level_name TEXT;
      ALTER TABLE audit_log ADD COLUMN user_name TEXT;
      ALTER TABLE audit_log ADD COLUMN task_step TEXT;
    
-- migration 18

    CREATE TABLE open_questions (
      platform     TEXT NOT NULL,
      chat_user_id TEXT NOT NULL,
      question     TEXT NOT NULL,
      expires_at   INTEGER NOT NULL,
      PRIMARY KEY (platform, chat_user_id)
    ) STRICT;
  
-- migration 22

    CREATE TABLE app_changes (
      id             TEXT PRIMARY KEY,
      platform       TEXT NOT NULL,
      chat_user_id   TEXT NOT NULL,
      access_user_id TEXT NOT NULL,
      asked_by_name  TEXT NOT NULL,
      app_id         TEXT NOT NULL,
      app_name       TEXT NOT NULL,
      subject        TEXT NOT NULL,
      confirmer      TEXT NOT NULL,
      created_at     INTEGER NOT NULL,
      expires_at     INTEGER NOT NULL,
      state          TEXT NOT NULL,
      outcome        TEXT,
      updated_at     INTEGER NOT NULL
    ) STRICT;
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
      set_at       INTEGER NOT NULL,
      PRIMARY KEY (app_id, level_id, request_type)
    ) STRICT;

    ALTER TABLE audit_log ADD COLUMN field_name TEXT;
    ALTER TABLE audit_log ADD COLUMN request_type TEXT;
    ALTER TABLE audit_log ADD COLUMN value_before TEXT;
    ALTER TABLE audit_log ADD COLUMN value_after TEXT;
  
-- migration 23

      CREATE TABLE task_questions (
        id             TEXT PRIMARY KEY,
        subject        TEXT NOT NULL,
        task_id        TEXT NOT NULL,
        asked_by       TEXT NOT NULL,
        asked_by_name  TEXT NOT NULL,
        requester_id   TEXT NOT NULL,
        requester_name TEXT,
        question       TEXT NOT NULL,
        asked_at       INTEGER NOT NULL,
        answer         TEXT,
        answered_at    INTEGER,
        wait_seconds   INTEGER
      ) STRICT;
      CREATE UNIQUE INDEX task_questions_waiting ON task_questions (subject)
        WHERE answered_at IS NULL;
      CREATE INDEX task_questions_subject ON task_questions (subject, asked_at);
      CREATE INDEX task_questions_requester ON task_questions (requester_id, asked_at);
      CREATE INDEX task_questions_asked ON task_questions (asked_at);

      CREATE TABLE away (
        access_user_id TEXT PRIMARY KEY,
        name           TEXT NOT NULL,
        platform       TEXT NOT NULL,
        chat_user_id   TEXT NOT NULL,
        note           TEXT,
        until_day      TEXT NOT NULL,
        since_at       INTEGER NOT NULL,
        until_at       INTEGER NOT NULL,
        ended_at       INTEGER
      ) STRICT;
      CREATE INDEX away_until ON away (until_at) WHERE ended_at IS NULL;

      CREATE TABLE away_waits (
        task_id        TEXT NOT NULL,
        access_user_id TEXT NOT NULL,
        away_since_at  INTEGER NOT NULL,
        subject        TEXT NOT NULL,
        started_at     INTEGER NOT NULL,
        started_second INTEGER NOT NULL,
        told_at        INTEGER,
        ended_at       INTEGER,
        wait_seconds   INTEGER,
        PRIMARY KEY (task_id, access_user_id, away_since_at)
      ) STRICT;
      CREATE INDEX away_waits_open ON away_waits (access_user_id) WHERE ended_at IS NULL;
      CREATE INDEX away_waits_subject ON away_waits (subject) WHERE ended_at IS NULL;
      CREATE INDEX away_waits_started ON away_waits (started_at);

      ALTER TABLE audit_log ADD COLUMN actor_name TEXT;
      ALTER TABLE notifications ADD COLUMN card_version INTEGER NOT NULL DEFAULT 0;
      ALTER TABLE notifications ADD COLUMN shown_version INTEGER NOT NULL DEFAULT 0;
    
-- migration 24

      CREATE INDEX audit_log_action_at ON audit_log (action, at, id, task_id, outcome);
      CREATE INDEX audit_log_task_created ON audit_log (task_created_at)
        WHERE task_created_at IS NOT NULL;
      CREATE INDEX audit_log_task_action ON audit_log (task_id, action, outcome, at);
    
-- migration 25

    ALTER TABLE poll_schedule ADD COLUMN cadence TEXT NOT NULL DEFAULT 'active';
    ALTER TABLE poll_schedule ADD COLUMN due_reason TEXT NOT NULL DEFAULT 'new';
    ALTER TABLE poll_schedule ADD COLUMN active_at INTEGER;
    ALTER TABLE poll_schedule ADD COLUMN polled_at INTEGER;
    CREATE INDEX poll_schedule_poked ON poll_schedule (next_due_at) WHERE poked;

    CREATE TABLE webhook_events (
      kind TEXT PRIMARY KEY,
      at   INTEGER NOT NULL
    ) STRICT;
  
-- migration 26
CREATE INDEX poll_schedule_active ON poll_schedule (next_due_at) WHERE cadence = 'active';
-- migration 27

    CREATE TABLE confirmations (
      id             TEXT PRIMARY KEY,
      kind           TEXT NOT NULL,
      platform       TEXT NOT NULL,
      chat_user_id   TEXT NOT NULL,
      access_user_id TEXT NOT NULL,
      confirmer      TEXT NOT NULL,
      payload        TEXT NOT NULL,
      created_at     INTEGER NOT NULL,
      expires_at     INTEGER NOT NULL,
      state          TEXT NOT NULL,
      outcome        TEXT,
      updated_at     INTEGER NOT NULL
    ) STRICT;
    CREATE INDEX confirmations_expires ON confirmations (expires_at);
    DROP TABLE group_changes;
    DROP TABLE app_changes;
  
-- migration 28

      CREATE TABLE generations (
        name  TEXT PRIMARY KEY,
        value INTEGER NOT NULL
      ) STRICT, WITHOUT ROWID;
    
