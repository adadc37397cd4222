/** The policies accessbot set on applications. */
import { AppPolicy } from '../app-records.ts';
import { checkedInput } from '../checked.ts';
import type { AppPolicyStore } from '../roles.ts';
import { rowReader } from '../rows.ts';
import { type SqlDb, sql, upsert } from '../sql.ts';

const toPolicy = rowReader('app_policies', AppPolicy);

/** More than any application's levels times request types. */
const MAX_POLICIES = 500;

export function appTables(db: SqlDb): AppPolicyStore {
  return {
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
