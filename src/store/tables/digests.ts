/**
 * Daily digests: each person's choice, and the day last sent, noted by a conditional update so
 * that one replica wins it (the outbox's claim already makes the message itself go once).
 */
import { z } from 'zod';
import { DigestChoice, type DigestStore, MAX_DIGEST_TASKS } from '../../core/digest/store.ts';
import { checkedInput, insert, rowReader, type SqlDb, sql, storedJson } from '../sql.ts';

const toChoice = rowReader('digest_choices', DigestChoice, { json: ['shown'] });
const Chosen = DigestChoice.pick({ accessUserId: true, mode: true, digestTime: true });
const Sent = z.object({ day: z.iso.date(), shown: z.array(z.string()).max(MAX_DIGEST_TASKS) });

export function digestTables(db: SqlDb): DigestStore {
  return {
    async digestChoice(accessUserId) {
      const [row] = await db.all(
        'digestChoice',
        sql`SELECT * FROM digest_choices WHERE access_user_id = ${accessUserId}`,
      );
      return row && toChoice(row);
    },

    async listDigestChoices() {
      const rows = await db.all(
        'listDigestChoices',
        sql`SELECT * FROM digest_choices WHERE mode <> 'off'`,
      );
      return rows.map(toChoice);
    },

    async chooseDigest(accessUserId, mode, digestTime, now) {
      const valid = checkedInput(Chosen, { accessUserId, mode, digestTime }, 'the digest choice');
      const row = { ...valid, chosenAt: now, sentDay: null, sentAt: null, shown: [] };
      const [stored] = await db.all(
        'chooseDigest',
        sql`${insert('digest_choices', row)} ON CONFLICT (access_user_id) DO UPDATE SET
              mode = excluded.mode, digest_time = excluded.digest_time,
              chosen_at = excluded.chosen_at
            RETURNING *`,
      );
      return toChoice(stored);
    },

    async markDigestSent(accessUserId, day, shown, now) {
      const valid = checkedInput(Sent, { day, shown }, 'the digest sent');
      const changed = await db.run(
        'markDigestSent',
        sql`UPDATE digest_choices
            SET sent_day = ${valid.day}, sent_at = ${now}, shown = ${storedJson(valid.shown)}
            WHERE access_user_id = ${accessUserId}
              AND (sent_day IS NULL OR sent_day <> ${valid.day})`,
      );
      return changed === 1;
    },
  };
}
