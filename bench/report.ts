/**
 * `npm run bench:report [-- --rows 1000000] [--database-url postgres://…]`: how the insight
 * report holds up on a large audit log. Seeds `rows` audit rows (a year of tasks, bench/
 * report-trail.ts) into a SQLite file, and into a fresh schema of PostgreSQL when a URL is given
 * (or TEST_DATABASE_URL is set); then, each in a child process started with `npm start`'s heap
 * flags, measures the baseline (every row counted through the index) and the report of the last
 * 30 days (the chat's default, under REPORT_MAX_ROWS), of the whole year (as `npm run report`
 * reads it, every row in the period) and the whole year refused by the cap. Prints time, peak
 * RSS and the longest the event loop was held, and each as a ratio to the baseline's.
 */
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync, type SQLInputValue } from 'node:sqlite';
import { fileURLToPath } from 'node:url';
import { parseArgs, promisify } from 'node:util';
import pg from 'pg';
import { DEFAULT_REPORT_MAX_ROWS } from '../src/core/audit/report-read.ts';
import { openStore } from '../src/store/open.ts';
import { TRAIL_COLUMNS, type TrailRow, trail } from './report-trail.ts';
import { startFlags } from './start-flags.ts';

const { values } = parseArgs({
  options: { rows: { type: 'string', default: '1000000' }, 'database-url': { type: 'string' } },
});
const rows = Number(values.rows);
const postgresUrl = values['database-url'] ?? process.env.TEST_DATABASE_URL;
const end = Date.UTC(2026, 10, 28);
const runner = fileURLToPath(new URL('report-run.ts', import.meta.url));

async function seedSqlite(file: string): Promise<void> {
  await (await openStore(`sqlite:${file}`)).close();
  const db = new DatabaseSync(file);
  const insert = db.prepare(
    `INSERT INTO audit_log (${TRAIL_COLUMNS.join(', ')}) VALUES (${TRAIL_COLUMNS.map(() => '?').join(', ')})`,
  );
  db.exec('BEGIN');
  for (const task of trail(rows, end)) {
    for (const row of task) insert.run(...(TRAIL_COLUMNS.map((c) => row[c]) as SQLInputValue[]));
  }
  db.exec('COMMIT');
  db.exec('ANALYZE');
  db.close();
}

const PG_TYPES: Record<string, string> = { at: 'timestamptz', task_created_at: 'timestamptz' };

async function seedPostgres(url: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const schema = `accessbot_bench_${randomUUID().replaceAll('-', '')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${pg.escapeIdentifier(schema)}`);
  const scoped = new URL(url);
  scoped.searchParams.set('options', `-c search_path=${schema}`);
  await (await openStore(scoped.href)).close();
  const client = new pg.Client({ connectionString: scoped.href });
  await client.connect();
  const arrays = TRAIL_COLUMNS.map((c, i) => `$${i + 1}::${PG_TYPES[c] ?? 'text'}[]`);
  const statement = `INSERT INTO audit_log (${TRAIL_COLUMNS.join(', ')}) SELECT * FROM unnest(${arrays.join(', ')})`;
  let batch: TrailRow[] = [];
  const flush = async () => {
    const columns = TRAIL_COLUMNS.map((c) =>
      batch.map((row) => (PG_TYPES[c] ? new Date(row[c] as number) : row[c])),
    );
    await client.query(statement, columns);
    batch = [];
  };
  for (const task of trail(rows, end)) {
    batch.push(...task);
    if (batch.length >= 10_000) await flush();
  }
  if (batch.length) await flush();
  await client.query('ANALYZE audit_log');
  await client.end();
  return {
    url: scoped.href,
    drop: async () => {
      await admin.query(`DROP SCHEMA ${pg.escapeIdentifier(schema)} CASCADE`);
      await admin.end();
    },
  };
}

interface Run {
  ms: number;
  peakRssMb: number;
  loopMaxMs: number;
  [figure: string]: unknown;
}

async function run(databaseUrl: string, days: string, maxRows?: number): Promise<Run> {
  const args = [...startFlags(), runner, databaseUrl, days, new Date(end).toISOString()];
  if (maxRows) args.push(String(maxRows));
  const { stdout } = await promisify(execFile)(process.execPath, args);
  return JSON.parse(stdout) as Run;
}

async function measure(name: string, databaseUrl: string): Promise<void> {
  const baseline = await run(databaseUrl, 'all');
  const runs: [string, Run][] = [
    ['baseline: count(*) of every row', baseline],
    ['report, last 30 days (chat)', await run(databaseUrl, '30', DEFAULT_REPORT_MAX_ROWS)],
    ['report, whole year (npm run report)', await run(databaseUrl, '366')],
    ['report, whole year, capped: refused', await run(databaseUrl, '366', DEFAULT_REPORT_MAX_ROWS)],
  ];
  console.log(
    `\n${name}: ${baseline.rows} audit rows; child processes: node ${startFlags().join(' ')}`,
  );
  console.log(
    '| run | time | × baseline | peak RSS | × baseline | longest event-loop hold | result |',
  );
  console.log('|---|---:|---:|---:|---:|---:|---|');
  for (const [label, r] of runs) {
    const { ms, peakRssMb, loopMaxMs, ...result } = r;
    const ratio = (a: number, b: number) => (a / Math.max(b, 1)).toFixed(1);
    console.log(
      `| ${label} | ${ms} ms | ${ratio(ms, baseline.ms)} | ${peakRssMb} MB | ${ratio(peakRssMb, baseline.peakRssMb)} | ${loopMaxMs} ms | ${JSON.stringify(result)} |`,
    );
  }
}

const dir = mkdtempSync(join(tmpdir(), 'accessbot-bench-report-'));
try {
  const file = join(dir, 'audit.db');
  let started = performance.now();
  await seedSqlite(file);
  console.log(`seeded SQLite with ${rows} rows in ${Math.round(performance.now() - started)} ms`);
  await measure('SQLite', `sqlite:${file}`);
  if (postgresUrl) {
    started = performance.now();
    const seeded = await seedPostgres(postgresUrl);
    console.log(
      `\nseeded PostgreSQL with ${rows} rows in ${Math.round(performance.now() - started)} ms`,
    );
    try {
      await measure('PostgreSQL', seeded.url);
    } finally {
      await seeded.drop();
    }
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
