/**
 * Counters moved on when a fact that replicas cache changes (an application's settings): one
 * indexed read tells a replica whether what it holds is still true.
 */
import type { GenerationStore } from '../roles.ts';
import { type SqlDb, sql } from '../sql.ts';

export function generationTables(db: SqlDb): GenerationStore {
  return {
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
