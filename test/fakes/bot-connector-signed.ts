/**
 * A Teams suite with Bot Framework authentication on: the offline token issuer, the harness
 * with `MicrosoftAppId` and the issuer's cloud settings in its environment (plus `env`), started
 * once and cleared before each test. Read `.h`, `.issuer` and `.sandbox.current` in tests;
 * `signedIn()` gives headers with a valid token, and `nothingHappened()` checks that a request
 * left no trace.
 */
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import { useSandbox } from '../helpers/sandbox.ts';
import { startTokenIssuer } from './bot-connector-auth.ts';
import { type Harness, startHarness, teamsKey } from './bot-connector-harness.ts';

export interface SignedTeams {
  sandbox: ReturnType<typeof useSandbox>;
  h: Harness;
  issuer: Awaited<ReturnType<typeof startTokenIssuer>>;
  signedIn(): Record<string, string>;
  nothingHappened(): Promise<void>;
}

export function useSignedTeams(appId: string, env: Record<string, string>): SignedTeams {
  const sandbox = useSandbox({ pageSize: 2 });
  const suite = { sandbox } as SignedTeams;
  suite.signedIn = () => ({
    authorization: `Bearer ${suite.issuer.token(appId, suite.h.connector.url)}`,
  });
  suite.nothingHappened = async () => {
    const { h } = suite;
    expect(h.connector.calls).toEqual([]);
    expect(sandbox.current.requests).toEqual([]);
    expect(await h.store.getLink('teams', teamsKey('ada'))).toBeUndefined();
    expect(
      await h.teams.references.get({ kind: 'user', chatUserId: teamsKey('ada') }),
    ).toBeUndefined();
  };
  beforeAll(async () => {
    suite.issuer = await startTokenIssuer();
    suite.h = await startHarness(sandbox.current, {
      env: {
        MicrosoftAppId: appId,
        MicrosoftAppPassword: 'a-test-password',
        ...suite.issuer.cloud,
        ...env,
      },
    });
  });
  afterAll(async () => {
    await suite.h?.close();
    await suite.issuer?.close();
  });
  beforeEach(() => {
    suite.h.connector.clear();
    sandbox.current.requests.length = 0;
  });
  return suite;
}
