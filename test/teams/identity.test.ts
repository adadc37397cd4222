/**
 * Who may talk to accessbot on Teams. Only the tenant(s) in TEAMS_ALLOWED_TENANTS: an activity
 * from any other — with a valid Bot Framework token — does nothing, and a click on a card gets
 * an error back. A forged token gets a short 401, never botbuilder's internal text. Anonymous
 * mode starts only for local development: NODE_ENV development or test, listening on loopback.
 * Over real HTTP with the fake Bot Connector and offline token validation.
 */
import { request } from 'node:http';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/app/config.ts';
import {
  openGithubTask,
  shown,
  TENANT,
  teamsKey,
  useTeams,
} from '../fakes/bot-connector-harness.ts';
import { useSignedTeams } from '../fakes/bot-connector-signed.ts';
import { startBot } from '../helpers/spawn.ts';

const APP_ID = '00000000-aaaa-4bbb-8ccc-000000000002';
const FOREIGN = 'f0000000-0000-4000-8000-00000000e71l';

describe('the tenant allow-list, with authentication on', () => {
  const t = useSignedTeams(APP_ID, {
    MicrosoftAppType: 'MultiTenant',
    TEAMS_ALLOWED_TENANTS: ` other-tenant, ${TENANT.toUpperCase()} `,
  });
  const { sandbox, signedIn, nothingHappened } = t;

  /** `activity` as if sent from `tenant`: in channelData, in the conversation, or both. */
  const from = (
    tenant: string | undefined,
    activity: Record<string, unknown> & { conversation: object },
    where: 'both' | 'channelData' | 'conversation' = 'both',
  ) => ({
    ...activity,
    channelData: where === 'conversation' ? activity.channelData : { tenant: { id: tenant } },
    conversation: {
      ...activity.conversation,
      tenantId: where === 'channelData' ? TENANT : tenant,
    },
  });

  const refusals = () => t.h.logLines.filter((l) => l.includes('not in TEAMS_ALLOWED_TENANTS'));

  it.each([
    ['a message', () => t.h.activities.message('ada', 'tasks')],
    ['an installation', () => t.h.activities.installation('ada')],
  ])('ignores %s from a foreign tenant, and logs it', async (_what, build) => {
    const before = refusals().length;
    const res = await t.h.post(from(FOREIGN, build()), signedIn());
    expect(res.status).toBe(200);
    await nothingHappened();
    expect(refusals()).toHaveLength(before + 1);
    expect(refusals().at(-1)).toContain(FOREIGN);
  });

  it('answers a card click from a foreign tenant with an error, and the task stays pending', async () => {
    const id = openGithubTask(sandbox.current);
    const click = t.h.activities.cardAction('ada', 'approve', { value: id, view: 'task' });
    const res = await t.h.post(from(FOREIGN, click), signedIn());
    expect(res.status).toBe(403);
    expect(res.body).toEqual({
      statusCode: 403,
      type: 'application/vnd.microsoft.error',
      value: { code: 'Forbidden', message: 'accessbot does not serve this organisation.' },
    });
    expect(sandbox.current.state.task(id).status).toBe('Pending');
    await nothingHappened();
  });

  it.each([
    ['names no tenant', undefined, 'both'],
    ['is foreign in channelData only', FOREIGN, 'channelData'],
    ['is foreign in the conversation only', FOREIGN, 'conversation'],
  ] as const)('ignores an activity that %s', async (_what, tenant, where) => {
    const res = await t.h.post(
      from(tenant, t.h.activities.message('ada', 'tasks'), where),
      signedIn(),
    );
    expect(res.status).toBe(200);
    await nothingHappened();
  });

  it('answers a forged token with a short 401, not botbuilder’s internal text', async () => {
    const forged = { authorization: `Bearer ${t.issuer.forged(APP_ID, t.h.connector.url)}` };
    // A minute on: this refusal gets a line of its own, whatever came before.
    t.h.time.skewMs += 61_000;
    const res = await t.h.post(t.h.activities.message('ada', 'tasks'), forged);
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error: 'unauthorized' });
    await nothingHappened();
    expect(t.h.logLines.some((l) => l.includes('unauthenticated Bot Framework request'))).toBe(
      true,
    );
  });

  it('refuses an activity whose serviceUrl is not the one its token was issued for', async () => {
    // The anonymous-mode attack: point serviceUrl at your own server, answer the member lookup.
    const activity = {
      ...t.h.activities.message('ada', 'tasks'),
      serviceUrl: 'http://127.0.0.1:9',
    };
    const res = await t.h.post(activity, signedIn());
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error: 'unauthorized' });
    await nothingHappened();
  });

  it.each([
    ['no token', {}],
    ['a garbage token', { authorization: 'Bearer not-a-token' }],
  ])('answers %s with the same short 401', async (_what, headers) => {
    const res = await t.h.post(t.h.activities.message('ada', 'tasks'), headers);
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error: 'unauthorized' });
  });
  it('serves its own tenant, whatever the case of the id', async () => {
    // An installation needs no call back to the connector, which would need a real app token.
    const res = await t.h.post(from(TENANT, t.h.activities.installation('ada')), signedIn());
    expect(res.status).toBe(200);
    expect(
      await t.h.teams.references.get({ kind: 'user', chatUserId: teamsKey('ada') }),
    ).toBeDefined();
  });
});

describe('the allow-list in the environment', () => {
  const teams = { ACCESS_API_URL: 'sandbox', MicrosoftAppId: APP_ID, MicrosoftAppPassword: 'p' };

  it('defaults to MicrosoftAppTenantId (single-tenant)', () => {
    const config = loadConfig({
      ...teams,
      MicrosoftAppType: 'SingleTenant',
      MicrosoftAppTenantId: 'ABCDEF01-2345-4678-9ABC-DEF012345678',
    });
    expect(config.teams?.allowedTenants).toEqual(['abcdef01-2345-4678-9abc-def012345678']);
  });

  it('is required for a multi-tenant app', () => {
    expect(() => loadConfig(teams)).toThrow(/^TEAMS_ALLOWED_TENANTS is required/);
  });

  it.each(['a b', 'x,,y'])('refuses TEAMS_ALLOWED_TENANTS=%s', (value) => {
    expect(() => loadConfig({ ...teams, TEAMS_ALLOWED_TENANTS: value })).toThrow(
      'TEAMS_ALLOWED_TENANTS must be tenant ids separated by commas',
    );
  });

  it.each(['*', ' * ', '*,tenant-1'])(
    'refuses every tenant (%s): one organisation only',
    (value) => {
      expect(() => loadConfig({ ...teams, TEAMS_ALLOWED_TENANTS: value })).toThrow(
        /^TEAMS_ALLOWED_TENANTS=\* is refused: accessbot serves one organisation’s Access Service/,
      );
    },
  );
});

describe('anonymous mode', () => {
  const anonymous = (env: Record<string, string>) => () =>
    loadConfig({ ACCESS_API_URL: 'sandbox', TEAMS_ANONYMOUS: '1', ...env });

  it.each([
    ['production', '127.0.0.1'],
    ['Production', '127.0.0.1'],
    ['production', '::1'],
    [undefined, '127.0.0.1'],
    [undefined, 'localhost'],
    ['development', undefined],
    ['development', '0.0.0.0'],
    ['test', '::'],
    ['Test', '192.168.1.20'],
  ])('is refused with NODE_ENV=%s and HOST=%s, in one line', (nodeEnv, host) => {
    const env: Record<string, string> = {};
    if (nodeEnv !== undefined) env.NODE_ENV = nodeEnv;
    if (host !== undefined) env.HOST = host;
    expect(anonymous(env)).toThrow(/^TEAMS_ANONYMOUS=1 turns off Bot Framework authentication/);
    const message = (() => {
      try {
        anonymous(env)();
      } catch (error) {
        return (error as Error).message;
      }
    })();
    expect(message?.split('\n')).toHaveLength(1);
  });

  it.each([
    ['development', '127.0.0.1'],
    ['Test', '::1'],
    ['DEVELOPMENT', 'localhost'],
    ['test', '127.0.0.53'],
  ])('starts with NODE_ENV=%s and HOST=%s', (nodeEnv, host) => {
    const config = anonymous({ NODE_ENV: nodeEnv, HOST: host })();
    expect(config.teams).toMatchObject({ anonymous: true, appId: '', allowedTenants: '*' });
    expect(config.host).toBe(host);
  });

  it.each([
    ['Production', '127.0.0.1'],
    ['test', '0.0.0.0'],
  ])('stops the real process with one line (NODE_ENV=%s, HOST=%s)', async (nodeEnv, host) => {
    const bot = startBot({
      ACCESS_API_URL: 'sandbox',
      TEAMS_ANONYMOUS: '1',
      NODE_ENV: nodeEnv,
      HOST: host,
      PORT: '0',
      DATABASE_URL: 'sqlite::memory:',
    });
    expect(await bot.exited).toBe(1);
    expect(bot.stderr().trim().split('\n')).toEqual([
      expect.stringMatching(
        /^accessbot: configuration error: TEAMS_ANONYMOUS=1 turns off Bot Framework authentication/,
      ),
    ]);
  });
});

describe('anonymous mode, serving', () => {
  const t = useTeams();
  const replies = () => t.h.connector.calls.filter((c) => c.op === 'reply');

  it.each([
    'text/plain',
    'text/plain;charset=UTF-8',
    'application/x-www-form-urlencoded',
    'multipart/form-data; boundary=x',
    'application/jsonp',
  ])('refuses %s with 415, as a web page would post it, and does nothing', async (type) => {
    const res = await t.h.post(t.h.activities.message('ada', 'tasks'), { 'content-type': type });
    expect(res.status).toBe(415);
    expect(replies()).toEqual([]);
    expect(await t.h.store.getLink('teams', teamsKey('ada'))).toBeUndefined();
  });

  it.each([
    ['a name rebound to 127.0.0.1', 'attacker.example:3978'],
    ['a LAN address', '192.168.1.20:3978'],
    ['no port but a public name', 'bot.example.com'],
  ])(
    'refuses a Host of %s with 403, as DNS rebinding would send it, and does nothing',
    async (_, host) => {
      const res = await postWithHost(t.h.url, host, t.h.activities.message('ada', 'tasks'));
      expect(res.status).toBe(403);
      expect(replies()).toEqual([]);
      expect(await t.h.store.getLink('teams', teamsKey('ada'))).toBeUndefined();
    },
  );

  it.each(['localhost:3978', 'LOCALHOST', '127.0.0.1', '[::1]:3978'])(
    'serves a loopback Host (%s)',
    async (host) => {
      const res = await postWithHost(t.h.url, host, t.h.activities.message('ada', 'help'));
      expect(res.status).toBe(200);
    },
  );

  it('serves application/json, with a charset or in capitals', async () => {
    for (const type of ['application/json; charset=utf-8', 'Application/JSON']) {
      const res = await t.h.post(t.h.activities.message('ada', 'help'), { 'content-type': type });
      expect(res.status).toBe(200);
    }
    expect(replies()).toHaveLength(2);
    expect(shown(replies()[0]?.activity)).toContain('tasks');
  });
});

/** `fetch` always sends the URL's own host, so a page's rebound name needs node:http. */
function postWithHost(url: string, host: string, activity: object): Promise<{ status: number }> {
  return new Promise((resolve, reject) => {
    const req = request(url, {
      method: 'POST',
      headers: { host, 'content-type': 'application/json' },
    });
    req.on('error', reject);
    req.on('response', (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0 }));
    });
    req.end(JSON.stringify(activity));
  });
}
