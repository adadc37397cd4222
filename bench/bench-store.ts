/**
 * A store of the benchmark's own, as a DATABASE_URL: a fresh SQLite file, or a fresh schema in
 * the PostgreSQL database of BENCH_DATABASE_URL (or TEST_DATABASE_URL), so that other work on the
 * same database is not disturbed. `drop` removes the file or the schema afterwards.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';

export interface BenchDatabase {
  url: string;
  /** Who keeps the PostgreSQL tables vacuumed in this run; null on SQLite. */
  vacuumedBy: 'autovacuum' | 'the bench' | null;
  /** The poll schedule's row counters, for the run's report; null on SQLite. */
  scheduleStats: () => Promise<Record<string, number> | null>;
  drop: () => Promise<void>;
}

export async function benchDatabase(db: string): Promise<BenchDatabase> {
  if (db === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'accessbot-bench-'));
    return {
      url: `sqlite:${join(dir, 'bench.db')}`,
      vacuumedBy: null,
      scheduleStats: async () => null,
      drop: async () => rmSync(dir, { recursive: true, force: true }),
    };
  }
  const base = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('set BENCH_DATABASE_URL (or TEST_DATABASE_URL) for PostgreSQL');
  const schema = `accessbot_bench_${randomUUID().replaceAll('-', '')}`;
  const admin = new pg.Pool({ connectionString: base, max: 1 });
  await admin.query(`CREATE SCHEMA ${schema}`);
  const url = new URL(base);
  url.searchParams.set('options', `-c search_path=${schema}`);
  const { rows } = await admin.query<{ on: boolean }>(
    "SELECT current_setting('autovacuum') = 'on' AND current_setting('track_counts') = 'on' AS on",
  );
  const vacuum = rows[0]?.on ? undefined : standInAutovacuum(admin, schema);
  return {
    url: url.href,
    vacuumedBy: vacuum ? 'the bench' : 'autovacuum',
    scheduleStats: async () => {
      const stats = await admin.query<Record<string, string>>(
        `SELECT n_live_tup AS live, n_dead_tup AS dead, n_tup_upd AS updated,
                n_tup_hot_upd AS updated_on_page, vacuum_count + autovacuum_count AS vacuums,
                pg_total_relation_size(relid) / 1048576 AS mb
         FROM pg_stat_user_tables WHERE schemaname = $1 AND relname = 'poll_schedule'`,
        [schema],
      );
      const row = stats.rows[0] ?? {};
      return Object.fromEntries(Object.entries(row).map(([key, value]) => [key, Number(value)]));
    },
    drop: async () => {
      await vacuum?.stop();
      await admin.query(`DROP SCHEMA ${schema} CASCADE`);
      await admin.end();
    },
  };
}

/** Autovacuum's default naptime: how often it looks for tables to vacuum. */
const NAPTIME_MS = 60_000;

/**
 * Autovacuum's work on a server that has it off, as some test machines do: every naptime, each
 * of the schema's tables whose dead rows passed autovacuum's own trigger (the threshold plus the
 * table's scale factor times its live rows) is vacuumed and analysed. Without it the poll
 * schedule bloats through the run, and the run measures a database no production keeps.
 */
function standInAutovacuum(admin: pg.Pool, schema: string) {
  const stopping = new AbortController();
  const done = (async () => {
    while (!stopping.signal.aborted) {
      await sleep(NAPTIME_MS, undefined, { signal: stopping.signal }).catch(() => undefined);
      if (stopping.signal.aborted) break;
      const due = await admin.query<{ relname: string }>(
        `SELECT s.relname FROM pg_stat_user_tables s JOIN pg_class c ON c.oid = s.relid
         WHERE s.schemaname = $1 AND s.n_dead_tup >
           current_setting('autovacuum_vacuum_threshold')::float8 + s.n_live_tup * COALESCE(
             (SELECT option_value::float8 FROM pg_options_to_table(c.reloptions)
              WHERE option_name = 'autovacuum_vacuum_scale_factor'),
             current_setting('autovacuum_vacuum_scale_factor')::float8)`,
        [schema],
      );
      for (const { relname } of due.rows) {
        await admin.query(`VACUUM (ANALYZE) ${schema}.${pg.escapeIdentifier(relname)}`);
      }
    }
  })();
  return {
    stop: async () => {
      stopping.abort();
      await done;
    },
  };
}
