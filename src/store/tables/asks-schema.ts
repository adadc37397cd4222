import type { Dialect } from '../migration.ts';

/**
 * Approvers' questions (at most one waiting per request), people away and the tasks that waited
 * on them, and card versions. Not `open_questions`: the bot's own question for a next line.
 */
export const questions = (t: Dialect): string => {
  const seconds = t.sqlite ? 'INTEGER' : 'bigint';
  return `
      CREATE TABLE task_questions (
        id             TEXT PRIMARY KEY,
        subject        TEXT NOT NULL,
        task_id        TEXT NOT NULL,
        asked_by       TEXT NOT NULL,
        asked_by_name  TEXT NOT NULL,
        requester_id   TEXT NOT NULL,
        requester_name TEXT,
        question       TEXT NOT NULL,
        asked_at       ${t.instant} NOT NULL,
        answer         TEXT,
        answered_at    ${t.instant},
        wait_seconds   ${seconds}
      )${t.strict};
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
        since_at       ${t.instant} NOT NULL,
        until_at       ${t.instant} NOT NULL,
        ended_at       ${t.instant}
      )${t.strict};
      CREATE INDEX away_until ON away (until_at) WHERE ended_at IS NULL;

      CREATE TABLE away_waits (
        task_id        TEXT NOT NULL,
        access_user_id TEXT NOT NULL,
        away_since_at  ${t.instant} NOT NULL,
        subject        TEXT NOT NULL,
        started_at     ${t.instant} NOT NULL,
        started_second ${seconds} NOT NULL,
        told_at        ${t.instant},
        ended_at       ${t.instant},
        wait_seconds   ${seconds},
        PRIMARY KEY (task_id, access_user_id, away_since_at)
      )${t.strict};
      CREATE INDEX away_waits_open ON away_waits (access_user_id) WHERE ended_at IS NULL;
      CREATE INDEX away_waits_subject ON away_waits (subject) WHERE ended_at IS NULL;
      CREATE INDEX away_waits_started ON away_waits (started_at);

      ALTER TABLE audit_log ADD COLUMN actor_name TEXT;
      ALTER TABLE notifications ADD COLUMN card_version INTEGER NOT NULL DEFAULT 0;
      ALTER TABLE notifications ADD COLUMN shown_version INTEGER NOT NULL DEFAULT 0;
    `;
};
