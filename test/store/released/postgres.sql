-- migration 1

      CREATE TABLE identity_links (
        platform       TEXT NOT NULL,
        chat_user_id   TEXT NOT NULL,
        access_user_id TEXT NOT NULL,
        email          TEXT NOT NULL,
        display_name   TEXT,
        linked_at      timestamptz NOT NULL,
        PRIMARY KEY (platform, chat_user_id)
      );
      CREATE INDEX identity_links_access_user_id ON identity_links (access_user_id);

      CREATE TABLE audit_log (
        id             bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        at             timestamptz NOT NULL,
        platform       TEXT NOT NULL,
        chat_user_id   TEXT NOT NULL,
        access_user_id TEXT,
        task_id        TEXT NOT NULL,
        action         TEXT NOT NULL,
        reason         TEXT,
        outcome        TEXT NOT NULL,
        detail         TEXT
      );
      CREATE INDEX audit_log_task_id_at ON audit_log (task_id, at);
      CREATE INDEX audit_log_at ON audit_log (at);
    
-- migration 2

      CREATE TABLE notifications (
        task_id        TEXT NOT NULL,
        platform       TEXT NOT NULL,
        recipient      TEXT NOT NULL,
        access_user_id TEXT NOT NULL,
        claimed_at     timestamptz NOT NULL,
        claimed_by     TEXT NOT NULL,
        message_ref    jsonb,
        sent_at        timestamptz,
        reminded_at    timestamptz,
        resolved_at    timestamptz,
        PRIMARY KEY (task_id, platform, recipient)
      );
      CREATE INDEX notifications_open ON notifications (access_user_id) WHERE resolved_at IS NULL;

      CREATE TABLE bot_requests (
        access_id          TEXT PRIMARY KEY,
        access_user_id     TEXT NOT NULL,
        work_app_id        TEXT NOT NULL,
        task_ids           jsonb NOT NULL,
        requested_at       timestamptz NOT NULL,
        outcome_claimed_at timestamptz,
        outcome_claimed_by TEXT,
        outcome_sent_at    timestamptz
      );
      CREATE INDEX bot_requests_open ON bot_requests (requested_at) WHERE outcome_sent_at IS NULL;

      CREATE TABLE poll_schedule (
        access_user_id   TEXT PRIMARY KEY,
        next_due_at      timestamptz NOT NULL,
        poked            boolean NOT NULL DEFAULT false,
        lease_owner      TEXT,
        lease_expires_at timestamptz
      );
      CREATE INDEX poll_schedule_due ON poll_schedule (next_due_at);

      CREATE TABLE scheduled_runs (
        job         TEXT PRIMARY KEY,
        next_run_at timestamptz NOT NULL
      );

      CREATE TABLE conversation_refs (
        platform     TEXT NOT NULL,
        chat_user_id TEXT NOT NULL,
        ref          jsonb NOT NULL,
        PRIMARY KEY (platform, chat_user_id)
      );
    
-- migration 3
CREATE INDEX audit_log_actor_at ON audit_log (platform, chat_user_id, at);
-- migration 4

      CREATE TABLE task_numbering (
        platform     TEXT NOT NULL,
        chat_user_id TEXT NOT NULL,
        task_ids     jsonb NOT NULL,
        saved_at     timestamptz NOT NULL,
        PRIMARY KEY (platform, chat_user_id)
      );
    
-- migration 5

      CREATE TABLE task_audience (
        access_user_id TEXT NOT NULL,
        task_id        TEXT NOT NULL,
        shown_at       timestamptz NOT NULL,
        PRIMARY KEY (access_user_id, task_id)
      );
    
-- migration 6

      DELETE FROM notifications WHERE message_ref IS NULL AND resolved_at IS NULL;
      ALTER TABLE notifications ADD COLUMN delivery_id TEXT;
      ALTER TABLE notifications ADD COLUMN destination jsonb;
      ALTER TABLE notifications ADD COLUMN intent_kind TEXT;
      ALTER TABLE notifications ADD COLUMN intent_body jsonb;
      ALTER TABLE notifications ADD COLUMN intent_owner TEXT;
      ALTER TABLE notifications ADD COLUMN intent_owned_at timestamptz;
      ALTER TABLE notifications ADD COLUMN intent_due_at timestamptz;
      ALTER TABLE notifications ADD COLUMN intent_attempts INTEGER NOT NULL DEFAULT 0;
      ALTER TABLE notifications ADD COLUMN intent_seq INTEGER NOT NULL DEFAULT 0;
      CREATE INDEX notifications_intents ON notifications (intent_due_at)
        WHERE intent_kind IS NOT NULL;

      CREATE TABLE replicas (
        id           TEXT PRIMARY KEY,
        heartbeat_at timestamptz NOT NULL
      );
    
-- migration 7

      CREATE TABLE replay_guard (
        key          TEXT PRIMARY KEY,
        forget_after timestamptz NOT NULL
      );
      CREATE INDEX replay_guard_forget ON replay_guard (forget_after);
    
-- migration 8

      ALTER TABLE audit_log ALTER COLUMN task_id DROP NOT NULL;
      ALTER TABLE audit_log ADD COLUMN group_id text;
      ALTER TABLE audit_log ADD COLUMN group_name text;
      ALTER TABLE audit_log ADD COLUMN target_user_id text;
      ALTER TABLE audit_log ADD COLUMN target_name text;
      ALTER TABLE audit_log ADD COLUMN target_email text;
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
        created_at     timestamptz NOT NULL,
        expires_at     timestamptz NOT NULL,
        state          TEXT NOT NULL,
        outcome        TEXT,
        updated_at     timestamptz NOT NULL
      );
      CREATE INDEX group_changes_expires ON group_changes (expires_at);

      CREATE TABLE channel_groups (
        platform   TEXT NOT NULL,
        channel_id TEXT NOT NULL,
        group_id   TEXT NOT NULL,
        group_name TEXT NOT NULL,
        bound_by   TEXT NOT NULL,
        bound_at   timestamptz NOT NULL,
        PRIMARY KEY (platform, channel_id)
      );
    
-- migration 9

      ALTER TABLE audit_log ADD COLUMN task_title TEXT;
      ALTER TABLE audit_log ADD COLUMN app_name TEXT;
      ALTER TABLE audit_log ADD COLUMN requester_name TEXT;
    
-- migration 10

      CREATE TABLE rate_counts (
        key          TEXT PRIMARY KEY,
        window_start timestamptz NOT NULL,
        actions      INTEGER NOT NULL
      );
    
-- migration 11

  CREATE TEMP TABLE teams_keys AS
    SELECT min(old_id) AS old_id, new_id FROM (
      SELECT substr(chat_user_id, 6) AS old_id, lower(tenant) || ':' || lower(object) AS new_id
      FROM (
        SELECT chat_user_id,
          ref #>> '{conversation,tenantId}' AS tenant,
          ref #>> '{user,aadObjectId}' AS object
        FROM conversation_refs WHERE platform = 'teams' AND chat_user_id LIKE 'user:%'
      ) AS refs
      WHERE tenant ~ '^[A-Za-z0-9_-]{1,64}$' AND object ~ '^[A-Za-z0-9_-]{1,64}$'
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
      destination = jsonb_set(destination, '{chatUserId}', to_jsonb(teams_keys.new_id)),
      message_ref = jsonb_set(message_ref, '{destination,chatUserId}', to_jsonb(teams_keys.new_id))
    FROM teams_keys
    WHERE notifications.platform = 'teams' AND notifications.recipient = 'user:' || teams_keys.old_id;

  DELETE FROM task_numbering WHERE platform = 'teams';
  DROP TABLE teams_keys;

-- migration 12

      ALTER TABLE audit_log ADD COLUMN task_type TEXT;
      ALTER TABLE audit_log ADD COLUMN task_created_at timestamptz;
      ALTER TABLE audit_log ADD COLUMN decided_by TEXT;
    
-- migration 13

      ALTER TABLE audit_log ADD COLUMN app_id TEXT;
      CREATE INDEX audit_log_app ON audit_log (app_id, at) WHERE app_id IS NOT NULL;
    
-- migration 14

    ALTER TABLE notifications ADD COLUMN tried_at timestamptz;
    ALTER TABLE notifications ADD COLUMN lost_at timestamptz;
    UPDATE notifications SET tried_at = claimed_at
      WHERE message_ref IS NULL AND intent_kind IS NOT NULL;
    ALTER TABLE bot_requests DROP COLUMN outcome_claimed_at;
    ALTER TABLE bot_requests DROP COLUMN outcome_claimed_by;
  
-- migration 15

    ALTER TABLE bot_requests ADD COLUMN via TEXT NOT NULL DEFAULT 'bot';
    ALTER TABLE bot_requests ADD COLUMN nudged_at timestamptz;
    DROP INDEX bot_requests_open;
    CREATE INDEX bot_requests_open ON bot_requests (requested_at)
      WHERE outcome_sent_at IS NULL AND via = 'bot';
    CREATE INDEX bot_requests_requester ON bot_requests (access_user_id, requested_at);

    CREATE TABLE request_tasks (
      access_id TEXT NOT NULL,
      task_id   TEXT NOT NULL,
      PRIMARY KEY (access_id, task_id)
    );
    CREATE INDEX request_tasks_task ON request_tasks (task_id);

    CREATE TABLE request_numbering (
      platform     TEXT NOT NULL,
      chat_user_id TEXT NOT NULL,
      access_ids   jsonb NOT NULL,
      saved_at     timestamptz NOT NULL,
      PRIMARY KEY (platform, chat_user_id)
    );

    CREATE TABLE task_looks (
      subject        TEXT PRIMARY KEY,
      task_id        TEXT NOT NULL,
      access_user_id TEXT NOT NULL,
      name           TEXT NOT NULL,
      since_at       timestamptz NOT NULL,
      until_at       timestamptz NOT NULL
    );

    ALTER TABLE notifications ADD COLUMN look_ends_at timestamptz;
  
-- migration 16

      ALTER TABLE audit_log ADD COLUMN level_name TEXT;
      ALTER TABLE audit_log ADD COLUMN user_name TEXT;
      ALTER TABLE audit_log ADD COLUMN task_step TEXT;
    
-- migration 17

    CREATE TABLE open_questions (
      platform     TEXT NOT NULL,
      chat_user_id TEXT NOT NULL,
      question     jsonb NOT NULL,
      expires_at   timestamptz NOT NULL,
      PRIMARY KEY (platform, chat_user_id)
    );
  
-- migration 21

    CREATE TABLE app_changes (
      id             TEXT PRIMARY KEY,
      platform       TEXT NOT NULL,
      chat_user_id   TEXT NOT NULL,
      access_user_id TEXT NOT NULL,
      asked_by_name  TEXT NOT NULL,
      app_id         TEXT NOT NULL,
      app_name       TEXT NOT NULL,
      subject        jsonb NOT NULL,
      confirmer      TEXT NOT NULL,
      created_at     timestamptz NOT NULL,
      expires_at     timestamptz NOT NULL,
      state          TEXT NOT NULL,
      outcome        TEXT,
      updated_at     timestamptz NOT NULL
    );
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
      set_at       timestamptz NOT NULL,
      PRIMARY KEY (app_id, level_id, request_type)
    );

    ALTER TABLE audit_log ADD COLUMN field_name TEXT;
    ALTER TABLE audit_log ADD COLUMN request_type TEXT;
    ALTER TABLE audit_log ADD COLUMN value_before TEXT;
    ALTER TABLE audit_log ADD COLUMN value_after TEXT;
  
-- migration 22

      CREATE TABLE task_questions (
        id             TEXT PRIMARY KEY,
        subject        TEXT NOT NULL,
        task_id        TEXT NOT NULL,
        asked_by       TEXT NOT NULL,
        asked_by_name  TEXT NOT NULL,
        requester_id   TEXT NOT NULL,
        requester_name TEXT,
        question       TEXT NOT NULL,
        asked_at       timestamptz NOT NULL,
        answer         TEXT,
        answered_at    timestamptz,
        wait_seconds   bigint
      );
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
        since_at       timestamptz NOT NULL,
        until_at       timestamptz NOT NULL,
        ended_at       timestamptz
      );
      CREATE INDEX away_until ON away (until_at) WHERE ended_at IS NULL;

      CREATE TABLE away_waits (
        task_id        TEXT NOT NULL,
        access_user_id TEXT NOT NULL,
        away_since_at  timestamptz NOT NULL,
        subject        TEXT NOT NULL,
        started_at     timestamptz NOT NULL,
        started_second bigint NOT NULL,
        told_at        timestamptz,
        ended_at       timestamptz,
        wait_seconds   bigint,
        PRIMARY KEY (task_id, access_user_id, away_since_at)
      );
      CREATE INDEX away_waits_open ON away_waits (access_user_id) WHERE ended_at IS NULL;
      CREATE INDEX away_waits_subject ON away_waits (subject) WHERE ended_at IS NULL;
      CREATE INDEX away_waits_started ON away_waits (started_at);

      ALTER TABLE audit_log ADD COLUMN actor_name TEXT;
      ALTER TABLE notifications ADD COLUMN card_version INTEGER NOT NULL DEFAULT 0;
      ALTER TABLE notifications ADD COLUMN shown_version INTEGER NOT NULL DEFAULT 0;
    
-- migration 23

      CREATE INDEX audit_log_action_at ON audit_log (action, at, id) INCLUDE (task_id, outcome);
      CREATE INDEX audit_log_task_created ON audit_log (task_created_at)
        WHERE task_created_at IS NOT NULL;
      CREATE INDEX audit_log_task_action ON audit_log (task_id, action, outcome, at);
    
-- migration 24

    ALTER TABLE poll_schedule ADD COLUMN cadence TEXT NOT NULL DEFAULT 'active';
    ALTER TABLE poll_schedule ADD COLUMN due_reason TEXT NOT NULL DEFAULT 'new';
    ALTER TABLE poll_schedule ADD COLUMN active_at timestamptz;
    ALTER TABLE poll_schedule ADD COLUMN polled_at timestamptz;
    CREATE INDEX poll_schedule_poked ON poll_schedule (next_due_at) WHERE poked;

    CREATE TABLE webhook_events (
      kind TEXT PRIMARY KEY,
      at   timestamptz NOT NULL
    );
  
-- migration 25
CREATE INDEX poll_schedule_active ON poll_schedule (next_due_at) WHERE cadence = 'active';
-- migration 26

      ALTER TABLE poll_schedule SET (fillfactor = 70, autovacuum_vacuum_scale_factor = 0.02,
        autovacuum_analyze_scale_factor = 0.05);
    
-- migration 27

    CREATE TABLE confirmations (
      id             TEXT PRIMARY KEY,
      kind           TEXT NOT NULL,
      platform       TEXT NOT NULL,
      chat_user_id   TEXT NOT NULL,
      access_user_id TEXT NOT NULL,
      confirmer      TEXT NOT NULL,
      payload        jsonb NOT NULL,
      created_at     timestamptz NOT NULL,
      expires_at     timestamptz NOT NULL,
      state          TEXT NOT NULL,
      outcome        TEXT,
      updated_at     timestamptz NOT NULL
    );
    CREATE INDEX confirmations_expires ON confirmations (expires_at);
    DROP TABLE group_changes;
    DROP TABLE app_changes;
  
-- migration 28

      CREATE TABLE generations (
        name  TEXT PRIMARY KEY,
        value INTEGER NOT NULL
      );
    
