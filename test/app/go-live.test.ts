/**
 * The go-live rehearsal: deploy/accessbot.env.example filled in as an admin would — Slack over
 * HTTP, Teams and PostgreSQL — and two replicas started as the README's recipe starts them
 * (`node --env-file=… <heap flags> bin/accessbot.mjs`, NODE_ENV=production). Both start and become
 * ready; the same file without ACCESS_API_URL, or with DATABASE_URL empty, refuses to start with
 * one line, as does each mistake of a first day (a missing `/api/v1`, a wrong secret, a misspelled
 * setting, a Teams app id that is no GUID, a sovereign cloud's login over plain http); with the
 * Access Service stopped both stay ready and tell people it is down. A bot in a sovereign cloud
 * (its settings pointing at a local login and token issuer) logs in and takes requests there.
 */
import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Sandbox, startSandbox } from '../../src/sandbox/server.ts';
import { startTokenIssuer } from '../fakes/bot-connector-auth.ts';
import { startManagedIdentity } from '../fakes/managed-identity.ts';
import { FakeSlack } from '../fakes/slack-api.ts';
import { BOT_TOKEN, SIGNING_SECRET } from '../fakes/slack-bot.ts';
import { sendCommand } from '../fakes/slack-payloads.ts';
import { childEnv } from '../helpers/child-env.ts';
import { entry, heapFlags } from '../helpers/start-command.ts';

const root = new URL('../../', import.meta.url);
const read = (name: string) => readFileSync(new URL(name, root), 'utf8');
const dir = mkdtempSync(join(tmpdir(), 'accessbot-go-live-'));
const databaseUrl = process.env.TEST_DATABASE_URL;
const TENANT_ID = '72f988bf-86f1-41af-91ab-2d7cd011db47';

/** The example with each named setting uncommented and set; every one must be a line of it. */
function fill(example: string, values: Record<string, string>): string {
  const left = new Set(Object.keys(values));
  const filled = example.replace(/^(?:# )?([A-Za-z_]\w*)=.*$/gm, (line, name: string) => {
    if (!(name in values)) return line;
    left.delete(name);
    return `${name}=${values[name]}`;
  });
  expect([...left], 'settings missing from the env example').toEqual([]);
  return filled;
}

interface Replica {
  child: ChildProcessWithoutNullStreams;
  stderr: () => string;
  /** Resolves with the first JSON log line whose `msg` is `msg`, as soon as it is written. */
  logged: (msg: string) => Promise<Record<string, unknown>>;
  exited: Promise<number | null>;
}

function startReplica(envFile: string, env: Record<string, string> = {}): Replica {
  const child = spawn(process.execPath, [`--env-file=${envFile}`, ...heapFlags, entry], {
    cwd: new URL('.', root),
    env: childEnv({ NODE_ENV: 'production', PORT: '0', ...env }),
    stdio: 'pipe',
  });
  let err = '';
  const waiting = new Set<() => void>();
  child.stderr.on('data', (chunk) => {
    err += String(chunk);
    for (const check of waiting) check();
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  const lines = () =>
    err
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l) as Record<string, unknown>);
  const logged = (msg: string) =>
    new Promise<Record<string, unknown>>((resolve, reject) => {
      const check = () => {
        const line = lines().find((l) => l.msg === msg);
        if (line) {
          waiting.delete(check);
          resolve(line);
        }
      };
      waiting.add(check);
      check();
      void exited.then((code) => reject(new Error(`exited ${code} before "${msg}":\n${err}`)));
    });
  return { child, stderr: () => err, logged, exited };
}

describe('the env example, filled in', () => {
  const example = read('deploy/accessbot.env.example');
  // A single-tenant bot with a client secret.
  const teams = {
    MicrosoftAppId: '4f2a9c1e-8b3d-4e5f-9a6b-7c8d9e0f1a2b',
    MicrosoftAppType: 'SingleTenant',
    MicrosoftAppTenantId: TENANT_ID,
    MicrosoftAppPassword: 'a-client-secret',
  };
  const production = {
    ACCESS_API_URL: 'https://access.example.com/api/v1',
    ACCESS_API_KEY: 'key',
    ACCESS_API_SECRET: 'secret-value',
    SLACK_BOT_TOKEN: BOT_TOKEN,
    SLACK_SIGNING_SECRET: SIGNING_SECRET,
    DATABASE_URL: 'postgres://accessbot:pw@127.0.0.1:1/accessbot',
  };

  it.each([
    ['without ACCESS_API_URL', { ACCESS_API_URL: '' }, 'ACCESS_API_URL is required with'],
    ['with DATABASE_URL empty', { DATABASE_URL: '' }, 'DATABASE_URL is required with'],
  ])('refuses to start %s, with one line', async (what, change, said) => {
    const file = join(dir, `refused-${what.replaceAll(' ', '-')}.env`);
    writeFileSync(file, fill(example, { ...production, ...change }));
    const replica = startReplica(file);
    expect(await replica.exited).toBe(1);
    const lines = replica.stderr().trimEnd().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      new RegExp(`^accessbot: configuration error: ${said} NODE_ENV=production`),
    );
  });

  describe('against a running Access Service', () => {
    let sandbox: Sandbox;
    beforeAll(async () => {
      sandbox = await startSandbox();
    });
    afterAll(async () => {
      await sandbox?.close();
    });
    // A store that opens, so that the Access Service is what is read next.
    const live = () => ({
      ...production,
      ACCESS_API_URL: sandbox.url,
      ACCESS_API_KEY: sandbox.apiKey,
      ACCESS_API_SECRET: sandbox.apiSecret,
      DATABASE_URL: 'sqlite::memory:',
    });
    it.each([
      [
        'the version prefix missing',
        () => ({ ...live(), ACCESS_API_URL: sandbox.origin }),
        '',
        'the Access Service at http://127.0.0.1:\\d+/ answered 404 to GET /WorkApps: is the version prefix, e.g. /api/v1, missing from ACCESS_API_URL\\?',
      ],
      [
        'a wrong secret',
        () => ({ ...live(), ACCESS_API_SECRET: 'not-the-secret' }),
        '',
        'the Access Service at \\S+ refused ACCESS_API_KEY and ACCESS_API_SECRET \\(401 to GET /WorkApps\\)',
      ],
      [
        'a misspelled setting',
        live,
        'POLL_INTERVAL_SECOND=30\n',
        'configuration error: unknown setting POLL_INTERVAL_SECOND — did you mean POLL_INTERVAL_SECONDS\\?',
      ],
      [
        'a Teams app id that is no GUID',
        () => ({ ...live(), ...teams, MicrosoftAppId: 'accessbot' }),
        '',
        'configuration error: MicrosoftAppId must be the Azure Bot’s Microsoft App ID, a GUID',
      ],
      [
        'a sovereign cloud’s login over plain http',
        () => ({
          ...live(),
          ...teams,
          ToChannelFromBotLoginUrl: `http://login.microsoftonline.us/${TENANT_ID}`,
          ToChannelFromBotOAuthScope: 'https://api.botframework.us',
          ToBotFromChannelTokenIssuer: 'https://api.botframework.us',
          ToBotFromChannelOpenIdMetadataUrl:
            'https://login.botframework.azure.us/v1/.well-known/openidconfiguration',
        }),
        '',
        'configuration error: ToChannelFromBotLoginUrl must be an https URL \\(http only on 127\\.0\\.0\\.1 or localhost\\)',
      ],
    ])(
      'a mistake of a first day ends in one line that names the fix: %s',
      async (what, values, more, said) => {
        const file = join(dir, `mistake-${what.replaceAll(' ', '-')}.env`);
        writeFileSync(file, fill(example, values()) + more);
        const replica = startReplica(file);
        expect(await replica.exited).toBe(1);
        // Past the configuration, the log's `starting` line comes first: then the one line.
        const lines = replica.stderr().trimEnd().split('\n');
        expect(lines.filter((line) => !line.startsWith('{"level"'))).toEqual([lines.at(-1)]);
        expect(lines.at(-1)).toMatch(new RegExp(`^accessbot: ${said}`));
        expect(replica.stderr()).not.toContain('not-the-secret');
      },
    );

    it('in a sovereign cloud, logs in and takes requests where its settings point', async () => {
      const issuer = await startTokenIssuer();
      const file = join(dir, 'sovereign-cloud.env');
      writeFileSync(
        file,
        fill(example, {
          ...live(),
          SLACK_BOT_TOKEN: '',
          SLACK_SIGNING_SECRET: '',
          ...teams,
          ...issuer.cloud,
        }),
      );
      // The local login's certificate, as a sovereign cloud's would be trusted.
      const replica = startReplica(file, { NODE_EXTRA_CA_CERTS: issuer.login.caFile });
      try {
        const { port } = await replica.logged('listening');
        expect(await replica.logged('Teams connected')).toMatchObject({
          appId: teams.MicrosoftAppId,
        });
        expect(issuer.login.tokenRequests.map((r) => Object.fromEntries(r))).toEqual([
          expect.objectContaining({
            client_id: teams.MicrosoftAppId,
            client_secret: teams.MicrosoftAppPassword,
            scope: `${issuer.cloud.ToChannelFromBotOAuthScope}/.default`,
          }),
        ]);
        // A request signed by that cloud's issuer is let in (to the tenant check); none, not.
        const url = `http://127.0.0.1:${port}/api/messages`;
        const activity = {
          type: 'message',
          id: 'a-1',
          text: 'tasks',
          channelId: 'msteams',
          serviceUrl: 'https://smba.example.test/',
          from: { id: '29:someone' },
          recipient: { id: `28:${teams.MicrosoftAppId}` },
          conversation: { id: 'a:1', tenantId: 'another-tenant' },
        };
        const post = (headers: Record<string, string>) =>
          fetch(url, {
            method: 'POST',
            headers: { 'content-type': 'application/json', ...headers },
            body: JSON.stringify(activity),
          });
        expect((await post({})).status).toBe(401);
        const token = issuer.token(teams.MicrosoftAppId, activity.serviceUrl);
        expect((await post({ authorization: `Bearer ${token}` })).status).toBe(200);
        expect(
          await replica.logged(
            'refused a Teams activity from a tenant not in TEAMS_ALLOWED_TENANTS',
          ),
        ).toMatchObject({ tenants: ['another-tenant'] });
        expect(replica.stderr()).not.toContain(teams.MicrosoftAppPassword);
      } finally {
        replica.child.kill('SIGTERM');
        await replica.exited;
        await issuer.close();
      }
    });
  });
});

describe.skipIf(databaseUrl === undefined)(
  'two replicas on PostgreSQL from the filled-in env example',
  () => {
    let sandbox: Sandbox;
    let slack: FakeSlack;
    let identity: Awaited<ReturnType<typeof startManagedIdentity>>;
    let admin: pg.Pool;
    const schema = `go_live_${randomUUID().replaceAll('-', '')}`;
    const replicas: Replica[] = [];
    const bases: string[] = [];

    beforeAll(async () => {
      sandbox = await startSandbox();
      slack = await FakeSlack.start();
      identity = await startManagedIdentity();
      admin = new pg.Pool({ connectionString: databaseUrl });
      await admin.query(`CREATE SCHEMA ${pg.escapeIdentifier(schema)}`);
      const store = new URL(databaseUrl!);
      store.searchParams.set('options', `-c search_path=${schema}`);
      const file = join(dir, 'accessbot.env');
      writeFileSync(
        file,
        fill(read('deploy/accessbot.env.example'), {
          ACCESS_API_URL: sandbox.url,
          ACCESS_API_KEY: sandbox.apiKey,
          ACCESS_API_SECRET: sandbox.apiSecret,
          DATABASE_URL: store.href,
          SLACK_BOT_TOKEN: BOT_TOKEN,
          SLACK_SIGNING_SECRET: SIGNING_SECRET,
          SLACK_API_URL: slack.apiUrl,
          // A managed identity: Azure gives the process its endpoint (here a local fake).
          MicrosoftAppId: '4f2a9c1e-8b3d-4e5f-9a6b-7c8d9e0f1a2b',
          MicrosoftAppType: 'UserAssignedMSI',
          MicrosoftAppTenantId: TENANT_ID,
          LOG_LEVEL: 'info',
        }),
      );
      replicas.push(startReplica(file, identity.env), startReplica(file, identity.env));
      for (const replica of replicas) {
        const { port } = await replica.logged('listening');
        bases.push(`http://127.0.0.1:${port}`);
      }
    });

    afterAll(async () => {
      for (const replica of replicas) replica.child.kill('SIGTERM');
      const codes = await Promise.all(replicas.map((r) => r.exited));
      await sandbox?.close();
      await slack?.close();
      await identity?.close();
      await admin?.query(`DROP SCHEMA IF EXISTS ${pg.escapeIdentifier(schema)} CASCADE`);
      await admin?.end();
      expect(codes).toEqual(replicas.map(() => 0));
    });

    const ask = async (base: string, text: string) => {
      const responseUrl = slack.responseUrl();
      expect((await sendCommand(`${base}/slack/events`, text, 'U-ADA', responseUrl)).status).toBe(
        200,
      );
      const answer = await slack.waitFor(() => slack.respondedTo(responseUrl)[0], 15_000);
      return String(answer.body.text);
    };

    it('start, say first what they serve, and become ready', async () => {
      for (const replica of replicas) {
        const [first] = replica.stderr().split('\n');
        expect(JSON.parse(first!)).toMatchObject({
          msg: 'starting',
          access: `${sandbox.url}/`,
          store: `postgres ${new URL(databaseUrl!).host}${new URL(databaseUrl!).pathname}`,
          platforms: ['slack (http)', 'teams'],
          tenants: [TENANT_ID],
          listen: '0.0.0.0:0',
        });
        // Each checked what it depends on before serving.
        await replica.logged('Access Service connected');
        expect(await replica.logged('Teams connected')).toMatchObject({
          appType: 'UserAssignedMSI',
        });
        expect(replica.stderr()).not.toContain(sandbox.apiSecret);
        expect(replica.stderr()).not.toContain(BOT_TOKEN);
      }
      for (const base of bases) {
        expect((await fetch(`${base}/readyz`)).status).toBe(200);
        // Teams is served, and with authentication on: no token, no entry.
        const teams = await fetch(`${base}/api/messages`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ type: 'message', text: 'tasks' }),
        });
        expect(teams.status).toBe(401);
      }
      // Each replica answers a person, from the one store they share.
      for (const base of bases) expect(await ask(base, 'tasks')).toContain('3 pending tasks');
    });

    it('stay ready when the Access Service stops, and tell people it is down', async () => {
      await sandbox.close();
      for (const base of bases) {
        expect(await ask(base, 'tasks')).toContain('The Access Service is not answering');
        const ready = await fetch(`${base}/readyz`);
        expect(ready.status).toBe(200);
        expect(await ready.json()).toEqual({ status: 'ready', checks: { store: 'ok' } });
        const health = await fetch(`${base}/healthz`);
        expect(health.status).toBe(200);
        expect(await health.json()).toEqual({ status: 'ok', access_service: 'down' });
        const metrics = await (await fetch(`${base}/metrics`)).text();
        expect(metrics).toContain('accessbot_access_service_up 0');
      }
    });
  },
);
