/**
 * Teams is checked at start as Slack is: the bot gets one token from Microsoft's login (here a
 * local fake of it, over HTTPS as MSAL requires) and logs `Teams connected`, or start-up stops
 * with one line naming the setting to fix — never the secret. Its messages then go out with
 * tokens from the same credentials.
 */

import { GovernmentConstants, type ServiceClientCredentialsFactory } from 'botframework-connector';
import { describe, expect, it } from 'vitest';
import { checkCredentials, TeamsStartError } from '../../adapters/teams/credentials.ts';
import type { TeamsSettings } from '../../adapters/teams/settings.ts';
import { startTeams } from '../../adapters/teams/start.ts';
import { Refusals } from '../../src/server/refusals.ts';
import { TENANT } from '../fakes/bot-connector-harness.ts';
import { useSignedTeams } from '../fakes/bot-connector-signed.ts';
import type { Refusal } from '../fakes/bot-login.ts';
import { captureLog } from '../helpers/bot.ts';

const APP_ID = '6d1c3b2a-0f9e-4d8c-b7a6-5e4f3a2b1c0d';
const TENANT_ID = '0b1c2d3e-4f5a-4b6c-8d7e-9f0a1b2c3d4e';
const PASSWORD = 'a-test-password';
const t = useSignedTeams(APP_ID, {
  MicrosoftAppType: 'SingleTenant',
  MicrosoftAppTenantId: TENANT_ID,
  TEAMS_ALLOWED_TENANTS: TENANT,
});

describe('a single-tenant bot', () => {
  it('gets one token at start and says it is connected', () => {
    const [first] = t.issuer.login.tokenRequests;
    expect(Object.fromEntries(first!)).toMatchObject({
      grant_type: 'client_credentials',
      client_id: APP_ID,
      client_secret: PASSWORD,
      scope: 'https://api.botframework.test/.default',
    });
    const connected = t.h.logLines
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((line) => line.msg === 'Teams connected');
    expect(connected).toEqual([
      expect.objectContaining({ appId: APP_ID, appType: 'SingleTenant', tenantId: TENANT_ID }),
    ]);
    expect(t.h.logLines.join('\n')).not.toContain(PASSWORD);
  });

  it('answers with tokens from the same credentials', async () => {
    const res = await t.h.post(t.h.activities.message('ada', 'help'), t.signedIn());
    expect(res.status).toBe(200);
    const reply = await t.h.connector.waitFor(() => t.h.connector.calls[0]);
    expect(reply.authorization).toMatch(/^Bearer bot-token-\d+$/);
  });
});

describe('credentials Microsoft refuses', () => {
  const singleTenant: TeamsSettings = {
    appId: APP_ID,
    appPassword: PASSWORD,
    appType: 'SingleTenant',
    tenantId: TENANT_ID,
    anonymous: false,
    allowedTenants: [TENANT],
    cloud: {},
  };

  /** Starts Teams again beside the running one, with `change` to its settings. */
  async function startAgain(change: Partial<TeamsSettings> = {}, loginUrl?: string) {
    const { log, lines } = captureLog();
    const cloud = { ...t.issuer.cloud, ...(loginUrl && { ToChannelFromBotLoginUrl: loginUrl }) };
    const settings: TeamsSettings = { ...singleTenant, cloud, ...change };
    const error = await startTeams({
      bot: t.h.bot,
      routes: {
        mount: () => expect.unreachable('nothing is served before the check'),
        refusals: new Refusals(log, Date.now),
      },
      replays: t.h.store,
      log,
      metrics: t.h.metrics,
      settings,
    }).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(TeamsStartError);
    const { message } = error as Error;
    expect(message.split('\n')).toHaveLength(1);
    expect(message).not.toContain(PASSWORD);
    expect(lines.join('')).not.toContain('Teams connected');
    return message;
  }

  const refused = async (kind: Refusal, change: Partial<TeamsSettings> = {}) => {
    t.issuer.login.refuse(kind);
    try {
      return await startAgain(change);
    } finally {
      t.issuer.login.refuse(undefined);
    }
  };

  it('stop start-up naming the secret when it is wrong or expired', async () => {
    expect(await refused('wrongSecret')).toBe(
      `Microsoft refused MicrosoftAppPassword for MicrosoftAppId ${APP_ID} (invalid_client AADSTS7000215): create a client secret for the app (Azure Bot → Configuration → Manage Password) and set its value`,
    );
    expect(await refused('expiredSecret')).toMatch(
      /^MicrosoftAppPassword of MicrosoftAppId \S+ has expired \(invalid_client AADSTS7000222\)/,
    );
  });

  it('lead a bot set up as multi-tenant, which Microsoft does not know as one, to single-tenant', async () => {
    expect(await refused('unknownApp', { appType: 'MultiTenant', tenantId: undefined })).toBe(
      `Microsoft does not know MicrosoftAppId ${APP_ID} as a multi-tenant app (unauthorized_client AADSTS700016): a bot created since August 2025 is single-tenant — set MicrosoftAppType=SingleTenant and MicrosoftAppTenantId to its tenant (Azure Bot → Configuration)`,
    );
  });

  it('name the tenant id when Microsoft knows no such tenant', async () => {
    expect(await refused('unknownTenant')).toMatch(
      new RegExp(`^Microsoft does not know tenant ${TENANT_ID} .*set MicrosoftAppTenantId`),
    );
  });

  /** A login that cannot be reached, and what was asked of it: [scope, login URL]. */
  function unreachable() {
    const asked: string[][] = [];
    const factory = {
      createCredentials: async (_appId: string, scope: string, loginUrl: string) => {
        asked.push([scope, loginUrl]);
        throw Object.assign(new Error('getaddrinfo ENOTFOUND'), { errorCode: 'network_error' });
      },
    } as unknown as ServiceClientCredentialsFactory;
    return { asked, factory };
  }

  it('name the single-tenant login URL they asked when Microsoft cannot be reached', async () => {
    const login = unreachable();
    const error = await checkCredentials(login.factory, singleTenant).catch((e: unknown) => e);
    expect(login.asked).toEqual([
      ['https://api.botframework.com', `https://login.microsoftonline.com/${TENANT_ID}`],
    ]);
    expect(error).toBeInstanceOf(TeamsStartError);
    expect((error as Error).message).toBe(
      `could not get a token for MicrosoftAppId ${APP_ID} from https://login.microsoftonline.com/${TENANT_ID} (network_error): getaddrinfo ENOTFOUND`,
    );
  });

  it('ask the US Government login for a US Government token with ChannelService set', async () => {
    const login = unreachable();
    const usGov = {
      ...singleTenant,
      cloud: { ChannelService: GovernmentConstants.ChannelService },
    };
    const error = await checkCredentials(login.factory, usGov).catch((e: unknown) => e);
    expect(login.asked).toEqual([
      ['https://api.botframework.us', `https://login.microsoftonline.us/${TENANT_ID}`],
    ]);
    expect((error as Error).message).toMatch(
      `from https://login.microsoftonline.us/${TENANT_ID} (network_error)`,
    );
  });

  it('stop start-up with one line when the login cannot be reached', async () => {
    expect(await startAgain({}, 'https://127.0.0.1:9/login')).toMatch(
      new RegExp(
        `^could not get a token for MicrosoftAppId ${APP_ID} from ToChannelFromBotLoginUrl=https://127\\.0\\.0\\.1:9/login `,
      ),
    );
  });
});
