import type { Dialect } from '../migration.ts';

/** Who a chat user is in the Access Service (the rest of migration 1 is the audit log). */
export const links = (t: Dialect): string => `
      CREATE TABLE identity_links (
        platform       TEXT NOT NULL,
        chat_user_id   TEXT NOT NULL,
        access_user_id TEXT NOT NULL,
        email          TEXT NOT NULL,
        display_name   TEXT,
        linked_at      ${t.instant} NOT NULL,
        PRIMARY KEY (platform, chat_user_id)
      )${t.strict};
      CREATE INDEX identity_links_access_user_id ON identity_links (access_user_id);
`;

/** A person may see a task's details only if it is or was in their own list. */
export const audience = (t: Dialect): string => `
      CREATE TABLE task_audience (
        access_user_id TEXT NOT NULL,
        task_id        TEXT NOT NULL,
        shown_at       ${t.instant} NOT NULL,
        PRIMARY KEY (access_user_id, task_id)
      )${t.strict};
    `;

/** A person's task numbers (`approve 2`). */
export const taskNumbers = (t: Dialect): string => `
      CREATE TABLE task_numbering (
        platform     TEXT NOT NULL,
        chat_user_id TEXT NOT NULL,
        task_ids     ${t.json} NOT NULL,
        saved_at     ${t.instant} NOT NULL,
        PRIMARY KEY (platform, chat_user_id)
      )${t.strict};
    `;

/** The task numbers as one b-tree (WITHOUT ROWID, SQLite): the rest of migration 9. */
export const taskNumbersRowid = (): string => `
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

/**
 * Re-keys Teams people from their `29:` id (this bot's alias) to tenant and Azure AD object id,
 * both read from the conversation references. Notifications move too, so no card is sent twice.
 * What none names is dropped: that person links again on their next message. The audit log keeps
 * the ids it recorded.
 */
export const teamsKeys = (d: Dialect) => `
  CREATE TEMP TABLE teams_keys AS
    SELECT min(old_id) AS old_id, new_id FROM (
      SELECT substr(chat_user_id, 6) AS old_id, lower(tenant) || ':' || lower(object) AS new_id
      FROM (
        SELECT chat_user_id,
          ${d.jsonText(['conversation', 'tenantId'])} AS tenant,
          ${d.jsonText(['user', 'aadObjectId'])} AS object
        FROM conversation_refs WHERE platform = 'teams' AND chat_user_id LIKE 'user:%'
      ) AS refs
      WHERE ${d.validId('tenant')} AND ${d.validId('object')}
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
      destination = ${d.jsonSet('destination', ['chatUserId'], 'teams_keys.new_id')},
      message_ref = ${d.jsonSet('message_ref', ['destination', 'chatUserId'], 'teams_keys.new_id')}
    FROM teams_keys
    WHERE notifications.platform = 'teams' AND notifications.recipient = 'user:' || teams_keys.old_id;

  DELETE FROM task_numbering WHERE platform = 'teams';
  DROP TABLE teams_keys;
`;

/**
 * Teams channels were once kept under the id of the message that reached them
 * (`channel:19:…@thread.tacv2;messageid=…`): each is kept under the channel's own id, its
 * reference naming the channel (a post starts a new thread), so NOTIFY_RULES reach it at once.
 */
export const teamsChannels = (d: Dialect) => {
  const cut = `${d.sqlite ? 'instr' : 'strpos'}(chat_user_id, ';messageid=')`;
  const channel = `substr(chat_user_id, 9, ${cut} - 9)`;
  const old = `platform = 'teams' AND chat_user_id LIKE 'channel:%;messageid=%'`;
  return `
  INSERT INTO conversation_refs (platform, chat_user_id, ref)
    SELECT platform, 'channel:' || ${channel}, ${d.jsonSet('ref', ['conversation', 'id'], channel)}
    FROM conversation_refs WHERE ${old}
    ON CONFLICT (platform, chat_user_id) DO NOTHING;
  DELETE FROM conversation_refs WHERE ${old};
`;
};
