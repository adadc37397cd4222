/**
 * A store of the benchmark's own, as a DATABASE_URL: a fresh SQLite file, or a fresh schema in
 * the PostgreSQL database of BENCH_DATABASE_URL (or TEST_DATABASE_URL), so that other work on the
 * same database is not disturbed. `drop` removes the file or the schema afterwards.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

export async function benchDatabase(
  db: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  if (db === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'accessbot-bench-'));
    return {
      url: `sqlite:${join(dir, 'bench.db')}`,
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
  return {
    url: url.href,
    drop: async () => {
      await admin.query(`DROP SCHEMA ${schema} CASCADE`);
      await admin.end();
    },
  };
}
