/**
 * Applications: the policies accessbot set on them, and the generations that tell a replica its
 * cached facts of one (its fields) changed: one indexed read says whether what it holds is true.
 */
import { AppPolicy } from '../app-records.ts';
import type { AppPolicyStore, GenerationStore } from '../roles.ts';
import { checkedInput, rowReader, type SqlDb, sql, upsert } from '../sql.ts';

const toPolicy = rowReader('app_policies', AppPolicy);

/** More than any application's levels times request types. */
const MAX_POLICIES = 500;

export function appTables(db: SqlDb): AppPolicyStore & GenerationStore {
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

    async bumpGeneration(name) {
      await db.run(
        'bumpGeneration',
        sql`INSERT INTO generations (name, value) VALUES (${name}, 1)
            ON CONFLICT (name) DO UPDATE SET value = generations.value + 1`,
      );
    },

    async generation(name) {
      const [row] = await db.all(
        'generation',
        sql`SELECT value FROM generations WHERE name = ${name}`,
      );
      return row ? Number(row.value) : 0;
    },
  };
}
