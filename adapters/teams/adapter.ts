/**
 * botbuilder's `CloudAdapter`, authenticated from botbuilder's own variables. With an app id,
 * every inbound request must carry a valid Bot Framework token (botbuilder answers 401
 * otherwise); with none, botbuilder accepts anything — including a `serviceUrl` that points at
 * the caller's own server, which then answers the member lookup with anyone's e-mail address.
 * So that is allowed only when `TEAMS_ANONYMOUS=1` said so, never as the result of a missing
 * variable, and the configuration accepts that switch only for local development: NODE_ENV
 * development or test, and HOST on loopback (src/app/config.ts).
 */
import { CloudAdapter, ConfigurationBotFrameworkAuthentication } from 'botbuilder';
import { ConfigError } from '../../src/errors.ts';
import type { TeamsSettings } from './settings.ts';

/**
 * Extra botbuilder authentication settings (its endpoint override keys, such as
 * `ToBotFromChannelOpenIdMetadataUrl`), for sovereign clouds and offline token tests.
 */
export type AuthOverrides = Record<string, string>;

export function createAdapter(teams: TeamsSettings, overrides: AuthOverrides = {}): CloudAdapter {
  if (!teams.appId && !teams.anonymous) {
    throw new ConfigError(
      'MicrosoftAppId is required to serve Teams (TEAMS_ANONYMOUS=1 turns authentication off for local tests only)',
    );
  }
  const settings: Record<string, string> = {
    MicrosoftAppId: teams.appId,
    MicrosoftAppType: teams.appType,
    ...(teams.appPassword ? { MicrosoftAppPassword: teams.appPassword } : {}),
    ...(teams.tenantId ? { MicrosoftAppTenantId: teams.tenantId } : {}),
    ...overrides,
  };
  return new CloudAdapter(new ConfigurationBotFrameworkAuthentication(settings));
}
