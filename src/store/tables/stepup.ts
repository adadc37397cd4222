/**
 * Passkeys and step-up links: a link's challenge is spent by one statement, so a replayed
 * assertion, or two replicas given the same one, complete it once.
 */
import { Passkey, StepUp, type StepUpStore } from '../../core/stepup/store.ts';
import { checkedInput, insert, raw, rowReader, type SqlDb, sql } from '../sql.ts';

const toStepUp = rowReader('step_ups', StepUp);
const toPasskey = rowReader('passkeys', Passkey);

export function stepUpTables(db: SqlDb): StepUpStore {
  return {
    async saveStepUp(stepUp) {
      const valid = checkedInput(StepUp, stepUp, 'the step-up link');
      await db.run('saveStepUp', insert('step_ups', valid));
    },

    async getStepUp(id) {
      const [row] = await db.all('getStepUp', sql`SELECT * FROM step_ups WHERE id = ${id}`);
      return row && toStepUp(row);
    },

    async challengeStepUp(id, challenge, at) {
      const moved = await db.run(
        'challengeStepUp',
        sql`UPDATE step_ups SET challenge = ${challenge}
            WHERE id = ${id} AND used_at IS NULL AND expires_at > ${at}`,
      );
      return moved === 1;
    },

    async spendChallenge(id, challenge, at, final) {
      const used = final ? sql`, used_at = ${at}` : raw('');
      const moved = await db.run(
        'spendChallenge',
        sql`UPDATE step_ups SET challenge = NULL${used}
            WHERE id = ${id} AND challenge = ${challenge} AND used_at IS NULL
              AND expires_at > ${at}`,
      );
      return moved === 1;
    },

    async proveStepUp(id, challenge, at) {
      const moved = await db.run(
        'proveStepUp',
        sql`UPDATE step_ups SET challenge = NULL, proven_at = ${at}
            WHERE id = ${id} AND challenge = ${challenge} AND used_at IS NULL
              AND expires_at > ${at}`,
      );
      return moved === 1;
    },

    async pruneStepUps(before) {
      return db.run('pruneStepUps', sql`DELETE FROM step_ups WHERE expires_at < ${before}`);
    },

    async savePasskey(passkey) {
      const valid = checkedInput(Passkey, passkey, 'the passkey');
      await db.run('savePasskey', insert('passkeys', valid));
    },

    async passkeysOf(platform, chatUserId) {
      const rows = await db.all(
        'passkeysOf',
        sql`SELECT * FROM passkeys WHERE platform = ${platform} AND chat_user_id = ${chatUserId}
            ORDER BY created_at, credential_id`,
      );
      return rows.map(toPasskey);
    },

    // Authenticators that keep no counter send 0 every time; one that keeps one must grow it.
    async passkeyUsed(credentialId, counter, at) {
      const grew = counter === 0 ? raw('counter = 0') : sql`counter < ${counter}`;
      const moved = await db.run(
        'passkeyUsed',
        sql`UPDATE passkeys SET counter = ${counter}, last_used_at = ${at}
            WHERE credential_id = ${credentialId} AND ${grew}`,
      );
      return moved === 1;
    },

    async deletePasskey(platform, chatUserId, credentialId) {
      const deleted = await db.run(
        'deletePasskey',
        sql`DELETE FROM passkeys WHERE credential_id = ${credentialId}
            AND platform = ${platform} AND chat_user_id = ${chatUserId}`,
      );
      return deleted === 1;
    },

    async deletePasskeys(platform, chatUserId) {
      return db.run(
        'deletePasskeys',
        sql`DELETE FROM passkeys WHERE platform = ${platform} AND chat_user_id = ${chatUserId}`,
      );
    },
  };
}
