/**
 * The outbox's SQL that both databases share; each implementation supplies its placeholders
 * (`p(name)`), so the statements read the same in both.
 */
type P = (name: string) => string;

export const KEY_OF = (p: P) =>
  `task_id = ${p('task')} AND platform = ${p('platform')} AND recipient = ${p('recipient')}`;

/** The columns an ended intent clears. */
const CLEARED = `intent_kind = NULL, intent_body = NULL, intent_owner = NULL,
  intent_owned_at = NULL, intent_due_at = NULL, intent_attempts = 0, intent_seq = intent_seq + 1`;

/** A `post` intent ends when its message is known; any other intent stays. */
const ifPost = (column: string) =>
  `${column} = CASE WHEN intent_kind = 'post' THEN NULL ELSE ${column} END`;

const mine = (p: P) => `${KEY_OF(p)} AND intent_owner = ${p('owner')} AND intent_seq = ${p('seq')}`;
const takesOwner = 'intent_kind IS NULL OR intent_owner IS NULL';

/** Each statement, given the database's placeholder for a named parameter. */
export const outboxSql = {
  markSent: (p: P) => `UPDATE notifications SET message_ref = ${p('ref')}, sent_at = ${p('at')},
        ${['intent_body', 'intent_owner', 'intent_owned_at', 'intent_due_at'].map(ifPost).join(', ')},
        intent_attempts = CASE WHEN intent_kind = 'post' THEN 0 ELSE intent_attempts END,
        intent_seq = CASE WHEN intent_kind = 'post' THEN intent_seq + 1 ELSE intent_seq END,
        ${ifPost('intent_kind')}
      WHERE ${KEY_OF(p)} AND message_ref IS NULL`,
  resolve: (p: P) => `UPDATE notifications SET resolved_at = ${p('now')},
        intent_owner = CASE WHEN ${takesOwner} THEN ${p('owner')} ELSE intent_owner END,
        intent_owned_at = CASE WHEN ${takesOwner} THEN ${p('now')} ELSE intent_owned_at END,
        intent_kind = 'outcome', intent_body = ${p('body')}, intent_due_at = ${p('now')},
        intent_attempts = 0, intent_seq = intent_seq + 1
      WHERE ${KEY_OF(p)} AND resolved_at IS NULL
      RETURNING *`,
  remind: (p: P) => `UPDATE notifications SET reminded_at = ${p('now')}, intent_kind = 'reminder',
        intent_body = ${p('body')}, intent_owner = ${p('owner')}, intent_owned_at = ${p('now')},
        intent_due_at = ${p('now')}, intent_attempts = 0, intent_seq = intent_seq + 1
      WHERE ${KEY_OF(p)} AND message_ref IS NOT NULL AND resolved_at IS NULL AND intent_kind IS NULL
        AND coalesce(reminded_at, sent_at) <= ${p('dueBefore')}`,
  done: (p: P) => `UPDATE notifications SET ${CLEARED} WHERE ${mine(p)}`,
  drop: (
    p: P,
  ) => `UPDATE notifications SET ${CLEARED}, resolved_at = coalesce(resolved_at, ${p('now')})
      WHERE ${mine(p)}`,
  followUp: (
    p: P,
  ) => `UPDATE notifications SET intent_kind = 'follow_up', intent_owned_at = ${p('now')},
        intent_attempts = 0, intent_seq = intent_seq + 1
      WHERE ${mine(p)}`,
  postpone: (p: P) => `UPDATE notifications SET intent_owner = NULL, intent_owned_at = NULL,
        intent_due_at = ${p('dueAt')}, intent_attempts = intent_attempts + 1,
        intent_seq = intent_seq + 1
      WHERE ${mine(p)}`,
  /** Which intents `claimIntents` may take; `platformIn` is the database's list test. */
  claimable: (p: P, platformIn: string) => `intent_kind IS NOT NULL AND ${platformIn}
      AND ((intent_owner IS NULL AND intent_due_at <= ${p('now')})
        OR (intent_owner <> ${p('owner')} AND intent_owner NOT IN
              (SELECT id FROM replicas WHERE heartbeat_at >= ${p('deadBefore')}))
        OR intent_owned_at < ${p('staleBefore')})
      ORDER BY intent_due_at LIMIT ${p('limit')}`,
  beat: (p: P) => `INSERT INTO replicas (id, heartbeat_at) VALUES (${p('owner')}, ${p('now')})
      ON CONFLICT (id) DO UPDATE SET heartbeat_at = excluded.heartbeat_at`,
  /** Rows of replicas long gone, so the table does not grow with every restart. */
  forget: (p: P) => `DELETE FROM replicas WHERE heartbeat_at < ${p('before')}`,
  retire: (p: P) => `DELETE FROM replicas WHERE id = ${p('owner')}`,
};

/** A replica silent for this long is long gone: its heartbeat row is deleted. */
export const FORGET_REPLICAS_AFTER_MS = 24 * 3_600_000;
