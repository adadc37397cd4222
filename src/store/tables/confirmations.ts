/** Pending confirmations of every kind, in one table. */

import { Confirmation, ConfirmationMove } from '../confirm-records.ts';
import type { ConfirmationStore } from '../roles.ts';
import { checkedInput, insert, raw, rowReader, type SqlDb, sql } from '../sql.ts';

const toConfirmation = rowReader('confirmations', Confirmation, { json: ['payload'] });

export function confirmationTables(db: SqlDb): ConfirmationStore {
  return {
    async saveConfirmation(confirmation) {
      const valid = checkedInput(Confirmation, confirmation, 'the confirmation to save');
      await db.run('saveConfirmation', insert('confirmations', valid));
    },

    async getConfirmation(id) {
      const [row] = await db.all(
        'getConfirmation',
        sql`SELECT * FROM confirmations WHERE id = ${id}`,
      );
      return row && toConfirmation(row);
    },

    // One statement is the claim: one caller wins.
    async moveConfirmation(id, move) {
      const m = checkedInput(ConfirmationMove, move, 'the confirmation move');
      const unexpired =
        m.from === 'pending' && m.to !== 'expired' ? sql` AND expires_at > ${m.at}` : raw('');
      const moved = await db.run(
        'moveConfirmation',
        sql`UPDATE confirmations SET state = ${m.to}, outcome = coalesce(${m.outcome ?? null}, outcome),
              updated_at = ${m.at}
            WHERE id = ${id} AND state = ${m.from}${unexpired}`,
      );
      return moved === 1;
    },

    async pruneConfirmations(before) {
      return db.run(
        'pruneConfirmations',
        sql`DELETE FROM confirmations WHERE expires_at < ${before}`,
      );
    },
  };
}
