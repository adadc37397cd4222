import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { childEnv } from '../helpers/child-env.ts';

const script = fileURLToPath(new URL('../../scripts/teams-package.ts', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'accessbot-teams-package-'));
const APP_ID = '4f2a9c1e-8b3d-4e5f-9a6b-7c8d9e0f1a2b';

function pack(args: string[], env: Record<string, string> = {}) {
  return spawnSync(process.execPath, [script, ...args], {
    env: childEnv(env),
    encoding: 'utf8',
  });
}

const manifestIn = (zip: string) =>
  JSON.parse(new TextDecoder().decode(unzipSync(readFileSync(zip))['manifest.json']));

const real = {
  '--app-id': APP_ID,
  '--domain': 'accessbot.corp.dev',
  '--developer-name': 'Corp IT',
  '--website-url': 'https://it.corp.dev',
  '--privacy-url': 'https://it.corp.dev/privacy',
  '--terms-url': 'https://it.corp.dev/terms',
};
const flags = (values: Record<string, string>) => Object.entries(values).flat();

describe('npm run teams:package', () => {
  it('fills the app id, host and developer from flags', () => {
    const out = join(dir, 'flags.zip');
    const run = pack([...flags(real), '--out', out]);
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    const manifest = manifestIn(out);
    expect(manifest.id).toBe(APP_ID);
    expect(manifest.bots[0].botId).toBe(APP_ID);
    expect(manifest.validDomains).toContain('accessbot.corp.dev');
    expect(manifest.developer).toEqual({
      name: 'Corp IT',
      websiteUrl: 'https://it.corp.dev',
      privacyUrl: 'https://it.corp.dev/privacy',
      termsOfUseUrl: 'https://it.corp.dev/terms',
    });
  });

  it('takes the same values from the environment', () => {
    const out = join(dir, 'env.zip');
    const run = pack(['--out', out], {
      MicrosoftAppId: APP_ID,
      TEAMS_BOT_DOMAIN: 'accessbot.corp.dev',
      TEAMS_DEVELOPER_NAME: 'Corp IT',
      TEAMS_WEBSITE_URL: 'https://it.corp.dev',
      TEAMS_PRIVACY_URL: 'https://it.corp.dev/privacy',
      TEAMS_TERMS_URL: 'https://it.corp.dev/terms',
    });
    expect(run.status).toBe(0);
    expect(manifestIn(out).developer.name).toBe('Corp IT');
  });

  it('refuses to package placeholders, naming each one in one line', () => {
    const out = join(dir, 'placeholders.zip');
    const run = pack(['--out', out]);
    expect(run.status).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toBe(
      'teams:package: still a placeholder, set: app id (--app-id or MicrosoftAppId), developer name (--developer-name or TEAMS_DEVELOPER_NAME), website URL (--website-url or TEAMS_WEBSITE_URL), privacy URL (--privacy-url or TEAMS_PRIVACY_URL), terms of use URL (--terms-url or TEAMS_TERMS_URL)\n',
    );
    expect(existsSync(out)).toBe(false);
  });

  it('refuses the template’s own placeholders, and accepts any other value', () => {
    const cases: Array<[Record<string, string>, string]> = [
      [{ '--app-id': '00000000-0000-0000-0000-000000000000' }, 'app id (--app-id'],
      [{ '--privacy-url': 'https://accessbot.example.com/privacy' }, 'privacy URL'],
      [{ '--developer-name': 'accessbot' }, 'developer name'],
    ];
    for (const [change, named] of cases) {
      const run = pack([...flags({ ...real, ...change }), '--out', join(dir, 'x.zip')]);
      expect(run.status).toBe(2);
      expect(run.stderr).toMatch(/^teams:package: still a placeholder, set: /);
      expect(run.stderr).toContain(named);
    }
    // Any GUID is an app id; an organisation's own domain may well be a reserved name.
    const out = join(dir, 'any-guid.zip');
    const run = pack([
      ...flags({
        ...real,
        '--app-id': '11111111-2222-3333-4444-555555555555',
        '--domain': 'accessbot.corp.example',
        '--website-url': 'https://it.corp.example',
      }),
      '--out',
      out,
    ]);
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(manifestIn(out).id).toBe('11111111-2222-3333-4444-555555555555');
  });

  it('says what it takes on --help, and what a Microsoft App ID looks like', () => {
    const run = pack(['--help']);
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/^usage: npm run teams:package -- --app-id <Microsoft App ID>/);
    expect(run.stdout).toContain('TEAMS_DEVELOPER_NAME');
    const wrong = pack(flags({ ...real, '--app-id': 'my-bot' }));
    expect(wrong.stderr).toMatch(/a GUID such as [0-9a-f]{8}-[0-9a-f]{4}-/);
  });

  it('refuses values Teams would reject, and unknown flags', () => {
    for (const [args, message] of [
      [
        flags({ ...real, '--website-url': 'http://it.corp.dev' }),
        '--website-url must be an https:// URL',
      ],
      [flags({ ...real, '--app-id': 'my-bot' }), 'must be the bot’s Microsoft App ID, a GUID'],
      [flags({ ...real, '--developer-name': 'x'.repeat(33) }), 'at most 32 characters'],
      [['--app'], "Unknown option '--app' (--help lists the options)"],
    ] as const) {
      const run = pack([...args]);
      expect(run.status).toBe(2);
      expect(run.stderr.split('\n')).toHaveLength(2);
      expect(run.stderr).toContain(message);
    }
  });
});
