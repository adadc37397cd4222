/**
 * Teams authentication: with `MicrosoftAppId` set, botbuilder's real token validation guards
 * `/api/messages` — no token, a garbage token, a token for another bot or from another issuer is
 * refused before anything happens; a valid one is served. Anonymous mode is only ever explicit.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createAdapter } from '../adapters/teams/adapter.ts';
import { ConfigError } from '../src/errors.ts';
import { startTokenIssuer } from './fakes/bot-connector-auth.ts';
import { type Harness, startHarness, teamsId } from './fakes/bot-connector-harness.ts';
import { useSandbox } from './helpers/sandbox.ts';

const APP_ID = '00000000-aaaa-4bbb-8ccc-000000000001';
const sandbox = useSandbox();
let h: Harness;
let issuer: Awaited<ReturnType<typeof startTokenIssuer>>;

beforeAll(async () => {
  issuer = await startTokenIssuer();
  h = await startHarness(sandbox.current, {
    env: {
      MicrosoftAppId: APP_ID,
      MicrosoftAppPassword: 'a-test-password',
      MicrosoftAppType: 'MultiTenant',
    },
    authOverrides: issuer.overrides,
  });
});
afterAll(async () => {
  await h?.close();
  await issuer?.close();
});
beforeEach(() => {
  h.connector.clear();
  sandbox.current.requests.length = 0;
});

const noSideEffect = async () => {
  expect(h.connector.calls).toEqual([]);
  expect(sandbox.current.requests).toEqual([]);
  expect(await h.store.getLink('teams', teamsId('ada'))).toBeUndefined();
  expect(
    await h.teams.references.get({ kind: 'user', chatUserId: teamsId('ada') }),
  ).toBeUndefined();
};

describe('with MicrosoftAppId set', () => {
  const cases: Array<[string, () => Record<string, string>]> = [
    ['no token', () => ({})],
    ['a garbage token', () => ({ authorization: 'Bearer not-a-token' })],
    [
      'a token for another bot',
      () => ({ authorization: `Bearer ${issuer.token('someone-else', h.connector.url)}` }),
    ],
    [
      'a token from another issuer',
      () => ({
        authorization: `Bearer ${issuer.token(APP_ID, h.connector.url, { iss: 'https://evil.test' })}`,
      }),
    ],
    [
      'an expired token',
      () => ({
        authorization: `Bearer ${issuer.token(APP_ID, h.connector.url, { exp: 1, nbf: 0 })}`,
      }),
    ],
  ];
  it.each(cases)('refuses a request with %s and does nothing', async (_name, headers) => {
    const res = await h.post(h.activities.message('ada', 'tasks'), headers());
    expect(res.status).toBe(401);
    await noSideEffect();
  });

  it('refuses a card action without a valid token, leaving the task alone', async () => {
    const res = await h.post(
      h.activities.cardAction('ada', 'approve', { value: '00000000-0000-4000-8000-000000000000' }),
      { authorization: 'Bearer x.y.z' },
    );
    expect(res.status).toBe(401);
    await noSideEffect();
  });

  it('serves a request with a valid Bot Framework token', async () => {
    const res = await h.post(h.activities.installation('ada'), {
      authorization: `Bearer ${issuer.token(APP_ID, h.connector.url)}`,
    });
    expect(res.status).toBe(200);
    expect(
      await h.teams.references.get({ kind: 'user', chatUserId: teamsId('ada') }),
    ).toBeDefined();
  });
});

describe('anonymous mode', () => {
  it('is never the result of a missing app id', () => {
    expect(() =>
      createAdapter({ appId: '', appType: 'MultiTenant', anonymous: false } as never),
    ).toThrow(ConfigError);
  });
});
