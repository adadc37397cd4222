/**
 * A misspelled setting is never silently ignored: in accessbot's namespaces (the prefixes of its
 * settings) a variable that is no setting stops a production start with one line naming the
 * setting it most likely meant, and is warned about elsewhere; other software's variables are
 * left alone. NODE_ENV takes only the values that mean something.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/app/config.ts';
import { toolVariables, unknownSettings } from '../../src/app/unknown-settings.ts';
import { startBot } from '../helpers/spawn.ts';

const production = {
  NODE_ENV: 'production',
  ACCESS_API_URL: 'https://access.example.com/api/v1',
  ACCESS_API_KEY: 'key',
  ACCESS_API_SECRET: 'secret-value',
  DATABASE_URL: 'sqlite::memory:',
};

const failure = (env: Record<string, string>) => {
  try {
    loadConfig(env);
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('expected a configuration error');
};

describe('unknown settings', () => {
  it.each([
    ['POLL_INTERVAL_SECOND', 'POLL_INTERVAL_SECONDS'],
    ['ACCESS_API_SECRT', 'ACCESS_API_SECRET'],
    ['SLACK_SIGNING_SECRETS', 'SLACK_SIGNING_SECRET'],
    ['REMIND_AFTR', 'REMIND_AFTER'],
    ['LOG_LEVL', 'LOG_LEVEL'],
    ['MicrosoftAppID', 'MicrosoftAppId'],
    ['MicrosoftAppTenantID', 'MicrosoftAppTenantId'],
    ['TEAMS_ALLOWED_TENANT', 'TEAMS_ALLOWED_TENANTS'],
    ['Port', 'PORT'],
  ])('stop a production start: %s, meaning %s', (typo, meant) => {
    expect(failure({ ...production, [typo]: '30' })).toBe(
      `unknown setting ${typo} — did you mean ${meant}?`,
    );
  });

  it('name one that resembles no setting, one line each, beside the other problems', () => {
    expect(failure({ ...production, SLACK_COLOUR: 'blue', POLL_EVERY: '5', PORT: 'x' })).toBe(
      [
        'PORT must be a whole number',
        'unknown setting POLL_EVERY — not one of accessbot’s settings (docs/configuration.md)',
        'unknown setting SLACK_COLOUR — not one of accessbot’s settings (docs/configuration.md)',
      ].join('\n'),
    );
  });

  it('are warned about, not refused, outside production', () => {
    const config = loadConfig({ POLL_INTERVAL_SECOND: '30', NODE_ENV: 'development' });
    expect(config.poll.intervalMs).toBe(60_000);
    expect(config.ignoredSettings).toEqual([
      'unknown setting POLL_INTERVAL_SECOND — did you mean POLL_INTERVAL_SECONDS?',
    ]);
    expect(loadConfig({ ...production, POLL_INTERVAL_SECONDS: '30' }).ignoredSettings).toEqual([]);
  });

  it('leave other software’s variables alone, and empty ones', () => {
    const foreign = {
      NODE_OPTIONS: '--max-old-space-size=192',
      NODE_EXTRA_CA_CERTS: '/etc/ssl/company.pem',
      HOSTNAME: 'accessbot-1',
      HOME: '/home/accessbot',
      PATH: '/usr/bin',
      POSTGRES_PASSWORD: 'pw',
      PGPASSWORD: 'pw',
      // Kubernetes' service links for services called "access", "database" and "slack-fake".
      ACCESS_PORT: 'tcp://10.0.0.1:443',
      ACCESS_SERVICE_HOST: '10.0.0.1',
      ACCESS_SERVICE_PORT_HTTPS: '443',
      ACCESS_PORT_443_TCP_ADDR: '10.0.0.1',
      DATABASE_SERVICE_PORT: '5432',
      SLACK_FAKE_PORT_80_TCP: 'tcp://10.0.0.2:80',
      // Read by npm run sandbox and npm run teams:package.
      ...Object.fromEntries(toolVariables.map((name) => [name, 'x'])),
      POLL_INTERVAL_SECOND: '',
    };
    expect(unknownSettings(foreign)).toEqual([]);
    expect(loadConfig({ ...production, ...foreign }).ignoredSettings).toEqual([]);
  });

  it('know every variable the other programs read', () => {
    const read = (file: string) => readFileSync(new URL(`../../${file}`, import.meta.url), 'utf8');
    const named = [
      ...read('scripts/teams-package.ts').matchAll(/env\('([A-Z]\w+)'\)/g),
      ...read('src/sandbox/main.ts').matchAll(/^ {2}(SANDBOX_\w+):/gm),
    ].map((m) => m[1]!);
    expect(named.length).toBeGreaterThan(6);
    expect(unknownSettings(Object.fromEntries(named.map((name) => [name, 'x'])))).toEqual([]);
  });

  it('stop the real process in production with one line, and warn in development', async () => {
    const refused = startBot({ ...production, POLL_INTERVAL_SECOND: '30' });
    expect(await refused.exited).toBe(1);
    expect(refused.stderr()).toBe(
      'accessbot: configuration error: unknown setting POLL_INTERVAL_SECOND — did you mean POLL_INTERVAL_SECONDS?\n',
    );
    const warned = startBot({ POLL_INTERVAL_SECOND: '30', LOG_LEVEL: 'warn' });
    const [line] = await warned.waitForLog(/^\{.*unknown setting.*\}$/m);
    warned.child.stdin.end();
    expect(JSON.parse(line)).toMatchObject({
      level: 40,
      msg: 'unknown setting POLL_INTERVAL_SECOND — did you mean POLL_INTERVAL_SECONDS?',
    });
    expect(await warned.exited).toBe(0);
  });
});

describe('NODE_ENV', () => {
  it.each(['production', 'development', 'test', 'Production'])('takes %s', (value) => {
    expect(() => loadConfig({ NODE_ENV: value, ACCESS_API_URL: 'sandbox' })).not.toThrow();
  });

  it.each(['prod', 'staging', 'dev', 'live'])('refuses %s with one clear line', (value) => {
    expect(failure({ NODE_ENV: value })).toBe(
      `NODE_ENV must be production, development or test (got "${value}")`,
    );
  });
});
