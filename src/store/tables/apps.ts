/** Pending changes to applications, and the policies accessbot set on them. */
import { AppChange, AppPolicy } from '../app-records.ts';
import { checkedInput } from '../checked.ts';
import type { AppChangeStore } from '../roles.ts';
import { rowReader } from '../rows.ts';
import { insert, type SqlDb, sql, upsert } from '../sql.ts';
import { moveChange, moveOf } from './groups.ts';

const toChange = rowReader('app_changes', AppChange, { json: ['subject'] });
const toPolicy = rowReader('app_policies', AppPolicy);
const Move = moveOf(AppChange.shape.state, AppChange.shape.outcome);

/** An application has a few levels and request types: this many rows is more than any has. */
const MAX_POLICIES = 500;

export function appTables(db: SqlDb): AppChangeStore {
  return {
    async saveAppChange(change) {
      const valid = checkedInput(AppChange, change, 'the application change to save');
      await db.run('saveAppChange', insert('app_changes', valid));
    },

    async getAppChange(id) {
      const [row] = await db.all('getAppChange', sql`SELECT * FROM app_changes WHERE id = ${id}`);
      return row && toChange(row);
    },

    async moveAppChange(id, move) {
      const m = checkedInput(Move, move, 'the application change move');
      return moveChange(db, 'moveAppChange', 'app_changes', id, m);
    },

    async pruneAppChanges(before) {
      return db.run('pruneAppChanges', sql`DELETE FROM app_changes WHERE expires_at < ${before}`);
    },

    async recordAppPolicy(policy) {
      const valid = checkedInput(AppPolicy, policy, 'the policy set');
      const key = ['app_id', 'level_id', 'request_type'];
      await db.run('recordAppPolicy', upsert('app_policies', valid, key));
    },

    async listAppPolicies(appId) {
      const rows = await db.all(
        'listAppPolicies',
        sql`SELECT * FROM app_policies WHERE app_id = ${appId}
            ORDER BY set_at DESC, level_id, request_type LIMIT ${MAX_POLICIES}`,
      );
      return rows.map(toPolicy);
    },
  };
}
