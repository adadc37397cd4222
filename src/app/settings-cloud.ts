/**
 * The Bot Framework's cloud, under botbuilder's own names: where the bot logs in and which
 * tokens it accepts, for a sovereign cloud (US Government, or any other by its endpoints).
 * Unset, botbuilder's public-cloud values apply. How they must go together is in cloud-rules.ts.
 */
import { z } from 'zod';
import type { CloudSetting } from '../../adapters/teams/settings.ts';
import { isLoopback } from '../server/loopback.ts';
import { optional } from './env-values.ts';

/** botbuilder's `GovernmentConstants.ChannelService`: its one built-in sovereign cloud. */
export const US_GOVERNMENT = 'https://botframework.azure.us';

/**
 * An https URL, or http on this machine only: tokens are trusted for what these say, so an
 * address anyone on the way could answer would let them sign in as the Bot Framework.
 */
const cloudUrl = (name: string) =>
  z.url({ error: `${name} must be an https URL` }).refine(
    (value) => {
      const url = URL.parse(value);
      // No URL at all is z.url's line already.
      if (!url) return true;
      return url.protocol === 'https:' || (url.protocol === 'http:' && isLoopback(url.hostname));
    },
    { error: `${name} must be an https URL (http only on 127.0.0.1 or localhost)` },
  );

const text = (name: string) => z.string().trim().min(1, `${name} must not be empty`);

export const teamsCloud = {
  ChannelService: optional(
    z.literal(US_GOVERNMENT, {
      error: `ChannelService must be ${US_GOVERNMENT} (the US Government cloud); for another cloud set the To… settings instead`,
    }),
    `\`${US_GOVERNMENT}\`: the US Government cloud with botbuilder’s own values for it; the other settings here then stay unset ([Teams](teams.md#sovereign-clouds))`,
    { unset: 'the public cloud' },
  ),
  ToChannelFromBotLoginUrl: optional(
    cloudUrl('ToChannelFromBotLoginUrl'),
    'where the bot gets its tokens (its cloud’s login with the tenant), e.g. `https://login.microsoftonline.us/<tenant id>`; it and the next three go together',
    {
      unset:
        'the login of the cloud `ChannelService` names (public by default), for the app’s tenant',
    },
  ),
  ToChannelFromBotOAuthScope: optional(
    text('ToChannelFromBotOAuthScope'),
    'the scope the bot’s tokens are asked for: its cloud’s Bot Connector, e.g. `https://api.botframework.us`',
  ),
  ToBotFromChannelTokenIssuer: optional(
    text('ToBotFromChannelTokenIssuer'),
    'the issuer of the tokens the Bot Framework sends with each request, e.g. `https://api.botframework.us`',
  ),
  ToBotFromChannelOpenIdMetadataUrl: optional(
    cloudUrl('ToBotFromChannelOpenIdMetadataUrl'),
    'the OpenID metadata that names the keys those tokens are signed with',
  ),
  ToBotFromEmulatorOpenIdMetadataUrl: optional(
    cloudUrl('ToBotFromEmulatorOpenIdMetadataUrl'),
    'the OpenID metadata of tokens from the Bot Framework Emulator',
    { unset: 'when the settings above are set, Emulator tokens are refused' },
  ),
  OAuthUrl: optional(
    cloudUrl('OAuthUrl'),
    'the Bot Framework’s token service for users’ sign-ins (accessbot asks for none)',
  ),
  CallerId: optional(
    text('CallerId'),
    'the caller id botbuilder stamps on each authenticated activity, e.g. `urn:botframework:azureusgov`',
  ),
} satisfies Record<CloudSetting, z.ZodType>;
