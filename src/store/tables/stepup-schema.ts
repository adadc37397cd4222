import type { Dialect } from '../migration.ts';

/** Passkeys, by credential id, and the one-time links of passkey step-up, by their token's hash. */
export const passkeys = (t: Dialect): string => `
    CREATE TABLE passkeys (
      credential_id TEXT PRIMARY KEY,
      platform      TEXT NOT NULL,
      chat_user_id  TEXT NOT NULL,
      public_key    TEXT NOT NULL,
      counter       ${t.sqlite ? 'INTEGER' : 'bigint'} NOT NULL,
      transports    TEXT NOT NULL,
      created_at    ${t.instant} NOT NULL,
      last_used_at  ${t.instant}
    )${t.strict};
    CREATE INDEX passkeys_person ON passkeys (platform, chat_user_id, created_at);
    CREATE TABLE step_ups (
      id              TEXT PRIMARY KEY,
      platform        TEXT NOT NULL,
      chat_user_id    TEXT NOT NULL,
      access_user_id  TEXT NOT NULL,
      locale          TEXT NOT NULL,
      confirmation_id TEXT,
      task_id         TEXT,
      summary         TEXT NOT NULL,
      challenge       TEXT,
      proven_at       ${t.instant},
      created_at      ${t.instant} NOT NULL,
      expires_at      ${t.instant} NOT NULL,
      used_at         ${t.instant}
    )${t.strict};
    CREATE INDEX step_ups_expires ON step_ups (expires_at);
  `;
