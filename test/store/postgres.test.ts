import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../src/app/config.ts';
import { startRuntime } from '../../src/app/runtime.ts';
import { StoreError } from '../../src/store/errors.ts';
import { postgresMigrations as migrations } from '../../src/store/migrations.ts';
import { openStore } from '../../src/store/open.ts';
import { captureLog } from '../helpers/bot.ts';
import { emptySchema } from '../helpers/postgres.ts';
import { expectClaimedOnceAcross } from './confirmations-contract.ts';
import { audit, describeStoreContract, expectStoreError, link } from './contract.ts';

/**
 * CI sets it, e.g. postgres://postgres@127.0.0.1:5432/test; each test gets its own schema, but
 * for the contract's, which share one emptied between them.
 */
const databaseUrl = process.env.TEST_DATABASE_URL;

const openFailure = (url: string) => expectStoreError(openStore(url), 'STORE_OPEN_FAILED');

describe('PostgreSQL store without a server', () => {
  it('fails to open with STORE_OPEN_FAILED naming database, host and port, not the password', async () => {
    const error = await openFailure('postgres://bot:s3cret-pw@127.0.0.1:1/accessbot');
    expect(error.message).toContain('"accessbot" on 127.0.0.1:1');
    expect(error.message).toContain('ECONNREFUSED');
    expect(error.message).not.toContain('s3cret-pw');
  });
});

describe.skipIf(databaseUrl === undefined)(
  'PostgreSQL store (needs TEST_DATABASE_URL, e.g. postgres://postgres@127.0.0.1:5432/test)',
  () => {
    let admin: pg.Pool;
    const schemas: string[] = [];
    beforeAll(() => {
      admin = new pg.Pool({ connectionString: databaseUrl });
    });
    afterAll(async () => {
      for (const schema of schemas) {
        await admin.query(`DROP SCHEMA ${pg.escapeIdentifier(schema)} CASCADE`);
      }
      await admin.end();
    });

    /**
     * A new empty schema, and a URL whose connections work in it; `application_name` lets a test
     * find those connections in pg_stat_activity.
     */
    async function freshSchema(): Promise<{ schema: string; url: string }> {
      const schema = `accessbot_test_${randomUUID().replaceAll('-', '')}`;
      await admin.query(`CREATE SCHEMA ${pg.escapeIdentifier(schema)}`);
      schemas.push(schema);
      const url = new URL(databaseUrl ?? '');
      url.searchParams.set('options', `-c search_path=${schema}`);
      url.searchParams.set('application_name', schema);
      return { schema, url: url.href };
    }

    const appliedVersions = async (schema: string) =>
      (
        await admin.query(
          `SELECT version, applied_at FROM ${pg.escapeIdentifier(schema)}.schema_migrations ORDER BY version`,
        )
      ).rows;

    /**
     * The contract's store: one schema, migrated once (the tests below migrate schemas of their
     * own) and emptied before each test.
     */
    let contract: Promise<{ schema: string; url: string }> | undefined;
    async function emptied(): Promise<string> {
      contract ??= freshSchema();
      const { schema, url } = await contract;
      await emptySchema(admin, schema);
      return url;
    }

    describeStoreContract('PostgreSQL', async () => openStore(await emptied()));

    it('applies each migration once when several replicas open a fresh schema together', async () => {
      const { schema, url } = await freshSchema();
      const stores = await Promise.all([openStore(url), openStore(url), openStore(url)]);
      const [first, second] = stores;
      await first?.saveLink(link());
      expect(await second?.getLink('slack', 'U01')).toEqual(link());
      await Promise.all(stores.map((store) => store.close()));
      const applied = await appliedVersions(schema);
      expect(applied.map((row) => row.version)).toEqual(migrations.map((m) => m.version));
    });

    it('claims a confirmation once between two replicas on one database', async () => {
      const { url } = await freshSchema();
      const [first, second] = [await openStore(url), await openStore(url)];
      await expectClaimedOnceAcross(first, second);
      await Promise.all([first.close(), second.close()]);
    });

    it('shares rate counts between replicas without writing them to its log', async () => {
      const { schema, url } = await freshSchema();
      const [first, second] = [await openStore(url), await openStore(url)];
      const window = new Date('2026-12-07T10:00:00Z');
      await first.countAction('slack:U01', window);
      expect(await second.countAction('slack:U01', window)).toBe(2);
      await Promise.all([first.close(), second.close()]);
      const { rows } = await admin.query(
        `SELECT relpersistence FROM pg_class WHERE oid = to_regclass($1)`,
        [`${pg.escapeIdentifier(schema)}.rate_counts`],
      );
      expect(rows).toEqual([{ relpersistence: 'u' }]);
    });

    it('keeps its data across a reopen and applies no migration twice', async () => {
      const { schema, url } = await freshSchema();
      const first = await openStore(url);
      await first.saveLink(link());
      await first.appendAudit(audit());
      await first.close();
      const migrated = await appliedVersions(schema);

      const second = await openStore(url);
      expect(await second.getLink('slack', 'U01')).toEqual(link());
      expect(await second.listAudit()).toEqual([audit()]);
      await second.close();
      expect(await appliedVersions(schema)).toEqual(migrated);
    });

    it('refuses a schema migrated by a newer accessbot', async () => {
      const { schema, url } = await freshSchema();
      await (await openStore(url)).close();
      await admin.query(
        `INSERT INTO ${pg.escapeIdentifier(schema)}.schema_migrations (version) VALUES (999)`,
      );
      expect((await openFailure(url)).message).toContain('999');
    });

    it('refuses a role without rights on the tables in one line naming the fix', async () => {
      const { schema, url } = await freshSchema();
      await (await openStore(url)).close();
      const role = `accessbot_test_${randomUUID().replaceAll('-', '')}`;
      await admin.query(`CREATE ROLE ${role} NOLOGIN`);
      try {
        await admin.query(
          `GRANT USAGE, CREATE ON SCHEMA ${pg.escapeIdentifier(schema)} TO ${role}`,
        );
        // Connects as the test's user, then acts as the role without rights: no login needed.
        const asRole = new URL(url);
        asRole.searchParams.set('options', `-c search_path=${schema} -c role=${role}`);
        const error = await openFailure(asRole.href);
        expect(error.message.split('\n')).toHaveLength(1);
        expect(error.message).toMatch(
          /permission denied for table schema_migrations — grant the role \S+ rights on the tables of its schema \(GRANT ALL ON ALL TABLES IN SCHEMA … TO \S+\), or run accessbot once as the tables' owner so that it migrates them$/,
        );
      } finally {
        await admin.query(`DROP OWNED BY ${role}`);
        await admin.query(`DROP ROLE ${role}`);
      }
    });

    it('refuses a database that does not exist, naming it', async () => {
      const url = new URL(databaseUrl ?? '');
      url.pathname = '/accessbot_no_such_database';
      const error = await openFailure(url.href);
      expect(error.message).toContain('"accessbot_no_such_database"');
      expect(error.message).toContain('does not exist');
    });

    it('reports a damaged row as STORE_CORRUPT_ROW instead of returning it', async () => {
      const { schema, url } = await freshSchema();
      const store = await openStore(url);
      await admin.query(
        `INSERT INTO ${pg.escapeIdentifier(schema)}.identity_links
         VALUES ('irc', 'U9', 'a-9', 'x@example.com', NULL, now())`,
      );
      const error = await store.listLinks().catch((e: unknown) => e);
      await store.close();
      expect(error).toBeInstanceOf(StoreError);
      expect((error as StoreError).code).toBe('STORE_CORRUPT_ROW');
    });

    it('tells onError when the server cuts an idle connection, and answers again', async () => {
      const { schema, url } = await freshSchema();
      const onError = vi.fn();
      const store = await openStore(url, { onError });
      await store.ping();
      await admin.query(
        'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1',
        [schema],
      );
      await vi.waitFor(() => expect(onError).toHaveBeenCalled(), { timeout: 15_000 });
      await expect(store.ping()).resolves.toBeUndefined();
      await store.close();
    });

    /** A fresh schema whose connections run without the counters autovacuum reads. */
    async function withoutAutovacuum() {
      const { schema, url } = await freshSchema();
      const blind = new URL(url);
      blind.searchParams.set('options', `-c search_path=${schema} -c track_counts=off`);
      return { schema, url: blind.href };
    }

    it('warns when it opens on a server that will not vacuum the poll schedule', async () => {
      const warnings: string[] = [];
      const store = await openStore((await withoutAutovacuum()).url, {
        onWarning: (warning) => warnings.push(warning),
      });
      await store.close();
      expect(warnings).toEqual([expect.stringContaining('VACUUM (ANALYZE) poll_schedule')]);
    });

    it('opens without a warning where autovacuum runs', async (context) => {
      const { rows } = await admin.query<{ on: boolean }>(
        "SELECT current_setting('autovacuum') = 'on' AND current_setting('track_counts') = 'on' AS on",
      );
      // Autovacuum is a server-wide setting: a test may not turn it on.
      if (!rows[0]?.on) context.skip('this server runs with autovacuum off');
      const onWarning = vi.fn();
      const store = await openStore((await freshSchema()).url, { onWarning });
      await store.close();
      expect(onWarning).not.toHaveBeenCalled();
    });

    it('logs, once started, the missing autovacuum and a connection the server cut', async () => {
      const { schema, url } = await withoutAutovacuum();
      const { lines, log } = captureLog();
      const logged = (text: string) => lines.filter((line) => line.includes(text));
      const runtime = await startRuntime(loadConfig({ DATABASE_URL: url }), log);
      try {
        expect(logged('runs without autovacuum')).toHaveLength(1);
        await runtime.store.ping();
        await admin.query(
          'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1',
          [schema],
        );
        await vi.waitFor(() => expect(logged('database connection failed')).not.toEqual([]), {
          timeout: 15_000,
        });
        await expect(runtime.store.ping()).resolves.toBeUndefined();
      } finally {
        await runtime.close();
      }
    });
  },
);
