import { describe, expect, it } from 'vitest';
import { loadConfig, secretsOf } from '../../src/app/config.ts';
import { demoConfig } from '../../src/app/demo.ts';
import { parseDuration } from '../../src/app/env-values.ts';
import { startLine } from '../../src/app/start-line.ts';
import { ConfigError } from '../../src/errors.ts';
import { groups } from '../../src/sandbox/seed.ts';

const APP_ID = '4f2a9c1e-8b3d-4e5f-9a6b-7c8d9e0f1a2b';
const TENANT_ID = '72f988bf-86f1-41af-91ab-2d7cd011db47';
const multiTenant = {
  MicrosoftAppId: APP_ID,
  MicrosoftAppPassword: 'p',
  MicrosoftAppType: 'MultiTenant',
  TEAMS_ALLOWED_TENANTS: 't1',
};

const fails = (env: Record<string, string>) => {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error('expected a configuration error');
};

describe('configuration', () => {
  it('runs the demo with no variables at all', () => {
    const config = loadConfig({});
    expect(config.access).toBeUndefined();
    expect(config.slack).toBeUndefined();
    expect(config.teams).toBeUndefined();
    expect(config.port).toBe(3000);
    // The demo's store lives in memory with its sandbox.
    expect(config.databaseUrl).toBe('sqlite::memory:');
    expect(config.tasks).toEqual({ statusParam: 'status', pendingStatus: 'Pending' });
    expect(config.poll).toEqual({
      intervalMs: 60_000,
      quietIntervalMs: 900_000,
      maxRps: 200,
      remindAfterMs: 86_400_000,
      escalateAfterMs: 0,
      hours: { quiet: undefined, days: undefined, defaultZone: 'UTC' },
    });
  });

  it('reads the cadences of polling and of the webhooks’ safety net', () => {
    const defaults = loadConfig({});
    expect(defaults.webhook).toMatchObject({ safetySweepMs: 1_800_000, silenceMs: 7_200_000 });
    const config = loadConfig({
      POLL_QUIET_INTERVAL: '1h',
      ACCESS_WEBHOOK_SAFETY_SWEEP: '45m',
      ACCESS_WEBHOOK_SILENCE: '24h',
    });
    expect(config.poll.quietIntervalMs).toBe(3_600_000);
    expect(config.webhook).toMatchObject({ safetySweepMs: 2_700_000, silenceMs: 86_400_000 });
    expect(() => loadConfig({ ACCESS_WEBHOOK_SILENCE: 'soon' })).toThrow(
      'ACCESS_WEBHOOK_SILENCE must be a duration such as 24h, 90m, 30s or 0 (got "soon")',
    );
    expect(() => loadConfig({ POLL_QUIET_INTERVAL: '0' })).toThrow(
      'POLL_QUIET_INTERVAL must be at least 1s, e.g. 15m',
    );
  });

  it('refuses a webhook secret short enough to guess, in one line that says how to make one', () => {
    const message = fails({ ACCESS_WEBHOOK_SECRET: 'short-secret-31-characters-long' });
    expect(message.split('\n')).toHaveLength(1);
    expect(message).toContain('ACCESS_WEBHOOK_SECRET must be at least 32 characters');
    expect(message).toContain('openssl rand -base64 32');
    expect(message).not.toContain('short-secret');
    const secret = 'x'.repeat(32);
    expect(loadConfig({ ACCESS_WEBHOOK_SECRET: secret }).webhookSecret).toBe(secret);
  });

  it('answers probes on a port of their own, the one after PORT unless HEALTH_PORT says', () => {
    expect(loadConfig({}).healthPort).toBe(3001);
    expect(loadConfig({ PORT: '8080' }).healthPort).toBe(8081);
    expect(loadConfig({ PORT: '0' }).healthPort).toBe(0);
    expect(loadConfig({ HEALTH_PORT: '9090' }).healthPort).toBe(9090);
    expect(fails({ PORT: '8080', HEALTH_PORT: '8080' })).toBe(
      'HEALTH_PORT must differ from PORT: probes need a port the public cannot flood',
    );
  });

  it('takes passkey step-up only with the https origin people reach accessbot at', () => {
    expect(loadConfig({}).stepUp).toBeUndefined();
    expect(loadConfig({ PUBLIC_URL: 'https://bot.example.com' }).stepUp).toBeUndefined();
    const on = { STEP_UP: 'passkey', PUBLIC_URL: 'https://bot.example.com/' };
    expect(loadConfig(on).stepUp).toEqual({ publicUrl: 'https://bot.example.com' });
    expect(loadConfig({ ...on, PUBLIC_URL: 'http://localhost:3000' }).stepUp).toEqual({
      publicUrl: 'http://localhost:3000',
    });
    expect(fails({ STEP_UP: 'passkey' })).toMatch(/^PUBLIC_URL is required with STEP_UP=passkey/);
    expect(fails({ ...on, PUBLIC_URL: 'http://bot.example.com' })).toMatch(
      /^PUBLIC_URL must be https/,
    );
    expect(fails({ ...on, PUBLIC_URL: 'https://bot.example.com/x?y=1' })).toMatch(
      /^PUBLIC_URL must be an origin alone/,
    );
    expect(fails({ STEP_UP: 'code' })).toBe('STEP_UP must be passkey, or unset');
  });

  it('treats empty values as unset, as env files often carry NAME= lines', () => {
    expect(loadConfig({ PORT: '', ACCESS_API_URL: '' }).port).toBe(3000);
  });

  it('reads a full Access Service configuration and ends the base URL with a slash', () => {
    const config = loadConfig({
      ACCESS_API_URL: 'https://access.example.com/api/v1',
      ACCESS_API_KEY: 'key',
      ACCESS_API_SECRET: 'secret-value',
      ACCESS_TASK_STATUS_PARAM: 'state',
      ACCESS_PENDING_STATUS: 'Open',
      REMIND_AFTER: '90m',
    });
    expect(config.access?.url).toBe('https://access.example.com/api/v1/');
    expect(config.tasks).toEqual({ statusParam: 'state', pendingStatus: 'Open' });
    expect(config.poll.remindAfterMs).toBe(90 * 60_000);
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT must be a whole number'],
    [{ PORT: '70000' }, 'PORT must be at most 65535'],
    [
      { ACCESS_API_URL: 'ftp://x', ACCESS_API_KEY: 'k', ACCESS_API_SECRET: 's' },
      'ACCESS_API_URL must be an http(s) URL',
    ],
    [
      { ACCESS_API_URL: 'https://a.example/api/v1', ACCESS_API_KEY: 'k' },
      'ACCESS_API_SECRET is required',
    ],
    [{ SLACK_BOT_TOKEN: 'xoxb-1' }, 'SLACK_SIGNING_SECRET is required'],
    [
      { SLACK_BOT_TOKEN: 'token', SLACK_SIGNING_SECRET: 'signing' },
      'SLACK_BOT_TOKEN must be a bot token',
    ],
    [{ SLACK_SIGNING_SECRET: 'abc' }, 'SLACK_BOT_TOKEN is required'],
    [{ SLACK_COMMAND: 'access' }, 'SLACK_COMMAND must be a slash command'],
    [{ REMIND_AFTER: 'tomorrow' }, 'REMIND_AFTER must be a duration'],
    [{ ESCALATE_AFTER: 'soon' }, 'ESCALATE_AFTER must be a duration such as 24h'],
    [
      { ESCALATE_AFTER: '3d' },
      'ESCALATE_AFTER needs a channel to escalate to: add "escalations" or "defaultEscalation" to NOTIFY_RULES',
    ],
    [
      { ESCALATE_AFTER: '3d', NOTIFY_RULES: '{"channels": []}' },
      'ESCALATE_AFTER needs a channel to escalate to',
    ],
    [
      { QUIET_HOURS: '8pm-8am' },
      'QUIET_HOURS must be two different times of day such as 20:00-08:00',
    ],
    [{ QUIET_HOURS: '25:00-08:00' }, 'QUIET_HOURS must be two different times of day'],
    [{ QUIET_HOURS: '08:00-08:00' }, 'QUIET_HOURS must be two different times of day'],
    [{ WORKING_DAYS: 'Monday-Friday' }, 'WORKING_DAYS must be days such as Mon-Fri'],
    [{ WORKING_DAYS: 'Mon-Wed-Fri' }, 'WORKING_DAYS must be days such as Mon-Fri'],
    [{ DEFAULT_TIME_ZONE: 'Mars/Olympus' }, 'DEFAULT_TIME_ZONE must be an IANA time zone'],
    [
      { NOTIFY_RULES: '{"defaultEscalation": {"platform": "slack"}}' },
      'NOTIFY_RULES does not match the rules format at defaultEscalation.channelId',
    ],
    [
      { NOTIFY_RULES: '{"escalations": [{"platform": "slack", "channelId": "C1", "apps": []}]}' },
      'NOTIFY_RULES does not match the rules format at escalations.0',
    ],
    [{ DEMO_REQUEST_AFTER: 'soon' }, 'DEMO_REQUEST_AFTER must be a duration'],
    [{ POLL_INTERVAL_SECONDS: '0' }, 'POLL_INTERVAL_SECONDS must be at least 1'],
    [{ POLL_MAX_RPS: '-3' }, 'POLL_MAX_RPS must be 0 (no bound) or more'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL must be one of'],
    [{ TEAMS_ANONYMOUS: '1', NODE_ENV: 'production' }, 'needs NODE_ENV=development or test'],
    [
      { MicrosoftAppId: APP_ID, MicrosoftAppType: 'SingleTenant', MicrosoftAppTenantId: TENANT_ID },
      'MicrosoftAppPassword is required',
    ],
    [
      { ...multiTenant, TEAMS_ALLOWED_TENANTS: '*' },
      'TEAMS_ALLOWED_TENANTS=* is refused: accessbot serves one organisation’s Access Service',
    ],
    [
      { MicrosoftAppType: 'SingleTenant', MicrosoftAppId: APP_ID, MicrosoftAppPassword: 'p' },
      'MicrosoftAppTenantId is required when MicrosoftAppType is SingleTenant',
    ],
    [
      { ...multiTenant, MicrosoftAppId: 'accessbot' },
      'MicrosoftAppId must be the Azure Bot’s Microsoft App ID, a GUID such as',
    ],
    [
      { MicrosoftAppId: APP_ID, MicrosoftAppPassword: 'p', MicrosoftAppTenantId: TENANT_ID },
      'MicrosoftAppType is required with MicrosoftAppId: SingleTenant (with MicrosoftAppTenantId) for a bot created since August 2025',
    ],
    [
      { ...multiTenant, MicrosoftAppTenantId: 'contoso' },
      'MicrosoftAppTenantId must be the tenant id of the app, a GUID',
    ],
    [
      { MicrosoftAppId: APP_ID, MicrosoftAppType: 'UserAssignedMSI' },
      'MicrosoftAppTenantId is required when MicrosoftAppType is UserAssignedMSI',
    ],
    [
      {
        MicrosoftAppId: APP_ID,
        MicrosoftAppType: 'UserAssignedMSI',
        MicrosoftAppTenantId: TENANT_ID,
        MicrosoftAppPassword: 'p',
      },
      'MicrosoftAppPassword must be unset with MicrosoftAppType=UserAssignedMSI',
    ],
  ])('stops on %o with a line naming the variable', (env, expected) => {
    // The sandbox by name: a chat platform needs an Access Service (see below).
    const message = fails({ ACCESS_API_URL: 'sandbox', ...(env as Record<string, string>) });
    expect(message).toContain(expected);
    expect(message.split('\n')).toHaveLength(1);
  });

  it('never echoes a secret value in its error', () => {
    const message = fails({
      SLACK_BOT_TOKEN: 'hunter2-not-a-token',
      SLACK_APP_TOKEN: 'also-wrong-secret',
    });
    expect(message).not.toContain('hunter2');
    expect(message).not.toContain('also-wrong-secret');
    expect(message).toContain('SLACK_APP_TOKEN');
  });

  it('lists the secrets to scrub from logs, including a database password', () => {
    const config = loadConfig({
      ACCESS_API_URL: 'https://a.example/api/v1',
      ACCESS_API_KEY: 'public-key',
      ACCESS_API_SECRET: 'the-api-secret',
      DATABASE_URL: 'postgres://bot:db-pass-word@db:5432/bot',
    });
    expect(secretsOf(config)).toEqual(expect.arrayContaining(['the-api-secret', 'db-pass-word']));
  });

  it.each([
    ['24h', 86_400_000],
    ['90m', 5_400_000],
    ['30s', 30_000],
    ['0', 0],
    ['2d', 172_800_000],
    ['soon', undefined],
  ])('reads the duration %s', (text, ms) => {
    expect(parseDuration(text)).toBe(ms);
  });
});

describe('production fails closed', () => {
  const slack = { SLACK_BOT_TOKEN: 'xoxb-1', SLACK_SIGNING_SECRET: 'signing' };
  const access = {
    ACCESS_API_URL: 'https://access.example.com/api/v1',
    ACCESS_API_KEY: 'key',
    ACCESS_API_SECRET: 'secret-value',
  };
  const teams = { ...multiTenant, TEAMS_ALLOWED_TENANTS: 't1' };

  it.each([
    ['NODE_ENV=production', { NODE_ENV: 'production', DATABASE_URL: 'sqlite:x.db' }],
    ['Slack configured', { ...slack, DATABASE_URL: 'sqlite:x.db' }],
    ['Teams configured', { ...teams, DATABASE_URL: 'sqlite:x.db' }],
  ])('refuses to start the sandbox unasked with %s, in one line', (why, env) => {
    const message = fails(env as Record<string, string>);
    expect(message).toMatch(
      /^ACCESS_API_URL is required with (NODE_ENV=production|a chat platform)/,
    );
    expect(message.split('\n'), why).toHaveLength(1);
  });

  it.each([
    ['unset', {}],
    ['empty', { DATABASE_URL: '' }],
  ])('refuses an implicit store (DATABASE_URL %s) in production, in one line', (_, env) => {
    for (const serving of [{ NODE_ENV: 'production' }, slack, teams]) {
      const message = fails({ ...access, ...serving, ...env });
      expect(message).toMatch(/^DATABASE_URL is required with .*\(empty counts as unset\)/);
      expect(message.split('\n')).toHaveLength(1);
    }
  });

  it('names both missing variables, one line each', () => {
    expect(fails({ NODE_ENV: 'production' }).split('\n')).toEqual([
      expect.stringMatching(/^ACCESS_API_URL is required/),
      expect.stringMatching(/^DATABASE_URL is required/),
    ]);
  });

  it.each([
    [{ MicrosoftAppPassword: 'p' }, 'MicrosoftAppPassword is set'],
    [{ MicrosoftAppTenantId: TENANT_ID }, 'MicrosoftAppTenantId is set'],
    [
      { MicrosoftAppPassword: 'p', MicrosoftAppTenantId: TENANT_ID },
      'MicrosoftAppPassword and MicrosoftAppTenantId are set',
    ],
  ])(
    'refuses Teams credentials without MicrosoftAppId in Production, warns of them elsewhere (%o)',
    (credentials, said) => {
      const line = `${said} but MicrosoftAppId is not, so Teams is off: set MicrosoftAppId`;
      const env = { ...access, ...slack, DATABASE_URL: 'sqlite:x.db', ...credentials };
      expect(fails({ ...env, NODE_ENV: 'Production' })).toMatch(new RegExp(`^${line}`));
      const config = loadConfig(env);
      expect(config.teams).toBeUndefined();
      expect(config.ignoredSettings).toEqual([expect.stringMatching(new RegExp(`^${line}`))]);
    },
  );

  it('never echoes the password it warns of', () => {
    const env = { ...access, DATABASE_URL: 'sqlite:x.db', MicrosoftAppPassword: 'hunter2-secret' };
    expect(fails({ ...env, NODE_ENV: 'production' })).not.toContain('hunter2-secret');
  });

  it.each(['singletenant', 'SINGLETENANT', ' SingleTenant'])(
    'reads MicrosoftAppType=%s as botbuilder does, in any case',
    (appType) => {
      const config = loadConfig({
        ...access,
        DATABASE_URL: 'sqlite:x.db',
        NODE_ENV: 'Production',
        MicrosoftAppId: APP_ID,
        MicrosoftAppPassword: 'p',
        MicrosoftAppType: appType,
        MicrosoftAppTenantId: TENANT_ID,
      });
      expect(config.teams).toMatchObject({ appType: 'SingleTenant', allowedTenants: [TENANT_ID] });
    },
  );

  it('runs the sandbox in production only when asked for by name, its store in memory', () => {
    const config = loadConfig({ ...slack, ACCESS_API_URL: 'sandbox' });
    expect(config.access).toBeUndefined();
    expect(config.databaseUrl).toBe('sqlite::memory:');
  });

  it('keeps the terminal chat against a real service on its default file outside production', () => {
    expect(loadConfig(access).databaseUrl).toBe('sqlite:./data/accessbot.db');
  });

  it('names the base URL with its path, store, platforms, tenants and address in the first log line, no secret', () => {
    const config = loadConfig({
      ...access,
      ...slack,
      ...teams,
      ACCESS_API_URL: 'https://access.example.com/api/v1',
      DATABASE_URL: 'postgres://bot:db-pass-word@db.internal:5432/accessbot',
      HOST: '0.0.0.0',
      PORT: '8080',
    });
    const line = startLine(config);
    expect(line).toEqual({
      access: 'https://access.example.com/api/v1/',
      store: 'postgres db.internal:5432/accessbot',
      platforms: ['slack (http)', 'teams'],
      tenants: ['t1'],
      listen: '0.0.0.0:8080',
    });
    expect(JSON.stringify(line)).not.toMatch(/db-pass-word|bot:/);
    // A forgotten version prefix shows; credentials written into the URL do not.
    const bare = loadConfig({ ...access, ACCESS_API_URL: 'https://u:url-pass@access.example.com' });
    expect(startLine(bare).access).toBe('https://access.example.com/');
  });
});

describe('the demo’s own settings', () => {
  it('make the sample organisation’s Security group its auditors, and nobody’s otherwise', () => {
    const config = loadConfig({});
    expect(config.groups.auditorsGroup).toBeUndefined();
    expect(demoConfig(config).groups.auditorsGroup).toBe(groups.security.name);
    expect(demoConfig(loadConfig({ AUDITORS_GROUP: 'Finance' })).groups.auditorsGroup).toBe(
      'Finance',
    );
  });

  it('let the Security group request access for others, unless REQUEST_ON_BEHALF_GROUP says', () => {
    expect(loadConfig({}).groups.onBehalfGroup).toBeUndefined();
    expect(demoConfig(loadConfig({})).groups.onBehalfGroup).toBe(groups.security.name);
    const own = loadConfig({ REQUEST_ON_BEHALF_GROUP: ' Finance ' });
    expect(own.groups.onBehalfGroup).toBe('Finance');
    expect(demoConfig(own).groups.onBehalfGroup).toBe('Finance');
  });

  it('make the Security group its group admins, unless admins or managers are configured', () => {
    expect(loadConfig({}).groups.adminsGroup).toBeUndefined();
    expect(demoConfig(loadConfig({})).groups.adminsGroup).toBe(groups.security.name);
    const own = loadConfig({ GROUP_ADMINS_GROUP: 'Finance' });
    expect(demoConfig(own).groups.adminsGroup).toBe('Finance');
    const managed = loadConfig({ GROUP_MANAGERS: 'Design=tim.berners-lee@example.com' });
    expect(demoConfig(managed).groups.adminsGroup).toBeUndefined();
  });
});
