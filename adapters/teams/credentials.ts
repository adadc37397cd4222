/**
 * The bot's own credentials: how it gets its Bot Connector tokens, and the one token it gets at
 * start, so a wrong app id, secret, type or tenant stops start-up with one line naming the setting
 * (as Slack's `auth.test` does) instead of failing with the first message. A client secret's tokens
 * come from MSAL, built here rather than inside botbuilder so that an overridden login URL (a
 * sovereign cloud, the tests' fake) can be named a known authority; a managed identity uses
 * botbuilder's own factory. The cloud is botbuilder's own settings, else the public cloud.
 */
import { ConfidentialClientApplication } from '@azure/msal-node';
import { ConfigurationServiceClientCredentialFactory } from 'botbuilder';
import {
  AuthenticationConstants,
  GovernmentConstants,
  MsalServiceClientCredentialsFactory,
  type ServiceClientCredentialsFactory,
} from 'botframework-connector';
import { AppError } from '../../src/errors.ts';
import type { TeamsSettings } from './settings.ts';

/** Start-up stops with this: Microsoft refused the bot's credentials, or could not be asked. */
export class TeamsStartError extends AppError {
  constructor(message: string, options?: { cause?: unknown }) {
    super('TEAMS_START', message, options);
  }
}

/** botbuilder's settings for these credentials: its own `Microsoft*` names. */
export function botbuilderSettings(teams: TeamsSettings): Record<string, string> {
  return {
    MicrosoftAppId: teams.appId,
    MicrosoftAppType: teams.appType,
    ...(teams.appPassword ? { MicrosoftAppPassword: teams.appPassword } : {}),
    ...(teams.tenantId ? { MicrosoftAppTenantId: teams.tenantId } : {}),
    ...teams.cloud,
  };
}

/** botbuilder's built-in values for the cloud `ChannelService` names: US Government, or public. */
const builtIn = (teams: TeamsSettings) =>
  teams.cloud.ChannelService === GovernmentConstants.ChannelService
    ? GovernmentConstants
    : AuthenticationConstants;

/** Where tokens are asked for: the login URL set, else the authority botbuilder would use. */
const loginUrlOf = (teams: TeamsSettings) => {
  const cloud = builtIn(teams);
  const tenant = teams.appType === 'SingleTenant' ? teams.tenantId : cloud.DefaultChannelAuthTenant;
  return teams.cloud.ToChannelFromBotLoginUrl ?? `${cloud.ToChannelFromBotLoginUrlPrefix}${tenant}`;
};

export function credentialsFactory(teams: TeamsSettings): ServiceClientCredentialsFactory {
  if (teams.anonymous || teams.appType === 'UserAssignedMSI') {
    return new ConfigurationServiceClientCredentialFactory(botbuilderSettings(teams));
  }
  const login = teams.cloud.ToChannelFromBotLoginUrl;
  const app = new ConfidentialClientApplication({
    auth: {
      clientId: teams.appId,
      clientSecret: teams.appPassword ?? '',
      authority: loginUrlOf(teams),
      knownAuthorities: login ? [login] : [],
    },
  });
  // MSAL declares its ESM and CommonJS builds' classes apart; botbuilder names the CommonJS one.
  type BotbuilderMsal = ConstructorParameters<typeof MsalServiceClientCredentialsFactory>[1];
  return new MsalServiceClientCredentialsFactory(teams.appId, app as unknown as BotbuilderMsal);
}

/** Gets one token for the Bot Connector as a message would; throws the line that names the fix. */
export async function checkCredentials(
  factory: ServiceClientCredentialsFactory,
  teams: TeamsSettings,
): Promise<void> {
  const scope = teams.cloud.ToChannelFromBotOAuthScope ?? builtIn(teams).ToChannelFromBotOAuthScope;
  const loginUrl = loginUrlOf(teams);
  try {
    const credentials = await factory.createCredentials(teams.appId, scope, loginUrl, true);
    await (credentials as unknown as { getToken(force: boolean): Promise<string> }).getToken(true);
  } catch (error) {
    throw new TeamsStartError(refusal(error, teams, loginUrl), { cause: error });
  }
}

/** Microsoft's AADSTS number and OAuth error code of a refused token request, when it gave them. */
function aadError(error: unknown) {
  const { errorNo, errorCode } = Object(error) as { errorNo?: unknown; errorCode?: unknown };
  return {
    number: typeof errorNo === 'string' || typeof errorNo === 'number' ? String(errorNo) : '',
    code: typeof errorCode === 'string' ? errorCode : '',
  };
}

/** Text from outside, as one bounded line. */
const oneLine = (text: string) =>
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what goes
  text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, ' ').slice(0, 200);

function refusal(error: unknown, teams: TeamsSettings, loginUrl: string): string {
  const { number, code } = aadError(error);
  const detail = oneLine(String((error as Error)?.message ?? error));
  const app = `MicrosoftAppId ${teams.appId}`;
  const said = `(${code || 'error'}${number ? ` AADSTS${number}` : ''})`;
  switch (number) {
    case '7000215':
      return `Microsoft refused MicrosoftAppPassword for ${app} ${said}: create a client secret for the app (Azure Bot → Configuration → Manage Password) and set its value`;
    case '7000222':
      return `MicrosoftAppPassword of ${app} has expired ${said}: create a new client secret for the app and set its value`;
    case '700016':
      return teams.appType === 'SingleTenant'
        ? `Microsoft does not know ${app} in tenant ${teams.tenantId} ${said}: check MicrosoftAppId and MicrosoftAppTenantId (Azure Bot → Configuration)`
        : `Microsoft does not know ${app} as a multi-tenant app ${said}: a bot created since August 2025 is single-tenant — set MicrosoftAppType=SingleTenant and MicrosoftAppTenantId to its tenant (Azure Bot → Configuration)`;
    case '90002':
      return `Microsoft does not know tenant ${teams.tenantId} ${said}: set MicrosoftAppTenantId to the tenant of the app (Azure Bot → Configuration → App Tenant ID)`;
  }
  if (code === 'invalid_client' || code === 'unauthorized_client') {
    return `Microsoft refused the credentials of ${app} ${said}: check MicrosoftAppId, MicrosoftAppPassword, MicrosoftAppType and MicrosoftAppTenantId`;
  }
  if (teams.appType === 'UserAssignedMSI') {
    return `could not get a managed identity token for ${app} (MicrosoftAppType=UserAssignedMSI): ${detail}`;
  }
  const from = teams.cloud.ToChannelFromBotLoginUrl ? 'ToChannelFromBotLoginUrl=' : '';
  return `could not get a token for ${app} from ${from}${loginUrl} ${said}: ${detail}`;
}
