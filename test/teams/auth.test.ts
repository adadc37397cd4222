/**
 * Teams authentication: with `MicrosoftAppId` set, botbuilder's real token validation guards
 * `/api/messages` — no token, a garbage token, a token for another bot or from another issuer is
 * refused before anything happens, with one log line; what botbuilder itself prints holds no
 * secret; a valid one is served. Anonymous mode is only ever explicit.
 */
import { format } from 'node:util';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAdapter } from '../../adapters/teams/receiver.ts';
import { ConfigError } from '../../src/errors.ts';
import { TENANT, teamsKey } from '../fakes/bot-connector-harness.ts';
import { useSignedTeams } from '../fakes/bot-connector-signed.ts';

const APP_ID = '00000000-aaaa-4bbb-8ccc-000000000001';
/**
 * What botbuilder prints to the console (an expired token's stack, the public key a signature
 * was checked with), kept from the test's output and read: never the bot's password.
 */
const consoles = [vi.spyOn(console, 'error'), vi.spyOn(console, 'warn')];
for (const spy of consoles) spy.mockImplementation(() => {});
const printed = () =>
  consoles.flatMap((p) => p.mock.calls.map((args) => format(...args))).join('\n');
afterEach(() => {
  expect(printed()).not.toContain('a-test-password');
  for (const spy of consoles) spy.mockClear();
});
const t = useSignedTeams(APP_ID, {
  MicrosoftAppType: 'MultiTenant',
  TEAMS_ALLOWED_TENANTS: TENANT,
});
const noSideEffect = t.nothingHappened;

describe('with MicrosoftAppId set', () => {
  const cases: Array<[string, () => Record<string, string>]> = [
    ['no token', () => ({})],
    ['a garbage token', () => ({ authorization: 'Bearer not-a-token' })],
    [
      'a token for another bot',
      () => ({ authorization: `Bearer ${t.issuer.token('someone-else', t.h.connector.url)}` }),
    ],
    [
      'a token from another issuer',
      () => ({
        authorization: `Bearer ${t.issuer.token(APP_ID, t.h.connector.url, { iss: 'https://evil.test' })}`,
      }),
    ],
    [
      'an expired token',
      () => ({
        authorization: `Bearer ${t.issuer.token(APP_ID, t.h.connector.url, { exp: 1, nbf: 0 })}`,
      }),
    ],
  ];
  it.each(cases)('refuses a request with %s and does nothing', async (name, headers) => {
    const res = await t.h.post(t.h.activities.message('ada', 'tasks'), headers());
    expect(res.status).toBe(401);
    await noSideEffect();
    // Only jsonwebtoken's expiry error is printed, by botbuilder's token check itself.
    if (name !== 'an expired token') expect(printed()).toBe('');
  });

  it.each(cases)(
    'logs the refusal of %s as one line: its reason, no stack, no secret',
    async (_name, headers) => {
      const sent = headers();
      // A minute on: this refusal gets a line of its own, whatever came before.
      t.h.time.skewMs += 61_000;
      const before = t.h.logLines.length;
      await t.h.post(t.h.activities.message('ada', 'tasks'), sent);
      const lines = t.h.logLines.slice(before);
      expect(lines).toHaveLength(1);
      const line = JSON.parse(lines[0]!) as Record<string, unknown>;
      // The count holds the refusals of the minute before too.
      expect(line).toMatchObject({ level: 40, refused: expect.any(Number) });
      expect(line.msg).toMatch(
        /^refused \d+ unauthenticated Bot Framework requests? since .*MicrosoftAppId/,
      );
      expect(line.reason).toEqual(expect.any(String));
      expect(lines[0]).not.toMatch(/stack|\s+at /);
      expect(lines[0]).not.toContain('a-test-password');
      const token = sent.authorization?.slice('Bearer '.length);
      if (token) expect(`${lines[0]}\n${printed()}`).not.toContain(token);
    },
  );

  it('tells a flood of refusals once a minute with its count, and counts each', async () => {
    const unauthenticated = async () =>
      (await t.h.metrics.errors.get()).values.find((v) => v.labels.kind === 'teams_unauthenticated')
        ?.value ?? 0;
    const counted = await unauthenticated();
    t.h.time.skewMs += 61_000;
    const before = t.h.logLines.length;
    for (let i = 0; i < 5; i++) {
      expect((await t.h.post(t.h.activities.message('ada', 'tasks'), {})).status).toBe(401);
    }
    const lines = () => t.h.logLines.slice(before).map((l) => JSON.parse(l) as { refused: number });
    expect(lines().map((l) => l.refused)).toEqual([1]);
    t.h.time.skewMs += 61_000;
    await t.h.post(t.h.activities.message('ada', 'tasks'), {});
    // The four held back and this one.
    expect(lines().map((l) => l.refused)).toEqual([1, 5]);
    expect((await unauthenticated()) - counted).toBe(6);
    await noSideEffect();
  });

  it('refuses a card action without a valid token, leaving the task alone', async () => {
    const res = await t.h.post(
      t.h.activities.cardAction('ada', 'approve', {
        value: '00000000-0000-4000-8000-000000000000',
      }),
      { authorization: 'Bearer x.y.z' },
    );
    expect(res.status).toBe(401);
    await noSideEffect();
  });

  it('serves a request with a valid Bot Framework token', async () => {
    const res = await t.h.post(t.h.activities.installation('ada'), {
      authorization: `Bearer ${t.issuer.token(APP_ID, t.h.connector.url)}`,
    });
    expect(res.status).toBe(200);
    expect(
      await t.h.teams.references.get({ kind: 'user', chatUserId: teamsKey('ada') }),
    ).toBeDefined();
  });

  it('drops the hint once a request has passed', async () => {
    await t.h.post(t.h.activities.installation('ada'), t.signedIn());
    t.h.time.skewMs += 61_000;
    const before = t.h.logLines.length;
    await t.h.post(t.h.activities.message('ada', 'tasks'), {});
    const line = t.h.logLines.slice(before).find((l) => l.includes('unauthenticated'));
    expect(line).toMatch(/unauthenticated Bot Framework requests? since/);
    expect(line).not.toContain('MicrosoftAppId');
  });
});

describe('anonymous mode', () => {
  it('is never the result of a missing app id', () => {
    expect(() =>
      createAdapter({ appId: '', appType: 'MultiTenant', anonymous: false } as never),
    ).toThrow(ConfigError);
  });
});
