/**
 * A sovereign cloud from the environment, under botbuilder's own names: read into the Teams
 * settings, each value checked with one line naming it, and those botbuilder needs together
 * refused in production (warned of elsewhere) when set halfway.
 */
import { GovernmentConstants } from 'botframework-connector';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/app/config.ts';
import { US_GOVERNMENT } from '../../src/app/settings-cloud.ts';
import { ConfigError } from '../../src/errors.ts';

const TENANT_ID = '72f988bf-86f1-41af-91ab-2d7cd011db47';
const base = {
  ACCESS_API_URL: 'sandbox',
  MicrosoftAppId: '4f2a9c1e-8b3d-4e5f-9a6b-7c8d9e0f1a2b',
  MicrosoftAppPassword: 'p',
  MicrosoftAppType: 'SingleTenant',
  MicrosoftAppTenantId: TENANT_ID,
};
const china = {
  ToChannelFromBotLoginUrl: `https://login.chinacloudapi.cn/${TENANT_ID}`,
  ToChannelFromBotOAuthScope: 'https://api.botframework.azure.cn',
  ToBotFromChannelTokenIssuer: 'https://api.botframework.azure.cn',
  ToBotFromChannelOpenIdMetadataUrl:
    'https://login.botframework.azure.cn/v1/.well-known/openidconfiguration',
};

const fails = (env: Record<string, string>) => {
  const error = (() => {
    try {
      loadConfig(env);
    } catch (e) {
      return e;
    }
  })();
  expect(error).toBeInstanceOf(ConfigError);
  return (error as Error).message;
};

describe('the cloud settings', () => {
  it('are the public cloud when unset', () => {
    expect(loadConfig(base).teams?.cloud).toEqual({});
  });

  it('reach the Teams settings under botbuilder’s names, and only those set', () => {
    const env = { ...base, ...china, CallerId: 'urn:botframework:azurecn', OAuthUrl: '' };
    expect(loadConfig(env).teams?.cloud).toEqual({
      ...china,
      CallerId: 'urn:botframework:azurecn',
    });
    expect(loadConfig(env).ignoredSettings).toEqual([]);
  });

  it('take US Government by botbuilder’s own ChannelService value, and no other', () => {
    expect(US_GOVERNMENT).toBe(GovernmentConstants.ChannelService);
    const cloud = loadConfig({ ...base, ChannelService: US_GOVERNMENT }).teams?.cloud;
    expect(cloud).toEqual({ ChannelService: US_GOVERNMENT });
    expect(fails({ ...base, ChannelService: 'https://botframework.azure.cn' })).toBe(
      `ChannelService must be ${US_GOVERNMENT} (the US Government cloud); for another cloud set the To… settings instead`,
    );
  });

  it.each([
    ['ToChannelFromBotLoginUrl', 'login.microsoftonline.us', 'must be an https URL'],
    ['ToChannelFromBotLoginUrl', 'http://login.microsoftonline.us/t', 'http only on 127.0.0.1'],
    ['ToBotFromChannelOpenIdMetadataUrl', 'http://10.0.0.1/meta', 'http only on 127.0.0.1'],
    ['ToBotFromEmulatorOpenIdMetadataUrl', 'ftp://127.0.0.1/meta', 'must be an https URL'],
    ['OAuthUrl', 'not a url', 'must be an https URL'],
    ['ToChannelFromBotOAuthScope', '   ', 'must not be empty'],
    ['ToBotFromChannelTokenIssuer', ' ', 'must not be empty'],
    ['CallerId', '\t', 'must not be empty'],
  ])('refuse %s=%j with one line naming it', (name, value, said) => {
    const message = fails({ ...base, ...china, [name]: value });
    expect(message.split('\n')).toHaveLength(1);
    expect(message).toMatch(new RegExp(`^${name} .*${said.replaceAll('.', '\\.')}`));
  });

  it('take http on this machine, for local tests', () => {
    const local = { ...china, ToChannelFromBotLoginUrl: 'http://localhost:8080/login' };
    expect(loadConfig({ ...base, ...local }).teams?.cloud).toMatchObject(local);
  });

  it.each([
    [
      { ToChannelFromBotLoginUrl: china.ToChannelFromBotLoginUrl },
      'ToChannelFromBotLoginUrl is set but ToChannelFromBotOAuthScope and ToBotFromChannelTokenIssuer and ToBotFromChannelOpenIdMetadataUrl are not',
    ],
    [
      { ...china, ToBotFromChannelTokenIssuer: '', CallerId: 'urn:x' },
      'ToChannelFromBotLoginUrl and ToChannelFromBotOAuthScope and ToBotFromChannelOpenIdMetadataUrl and CallerId are set but ToBotFromChannelTokenIssuer is not',
    ],
    [
      { ...china, ChannelService: US_GOVERNMENT },
      'ChannelService is set beside ToChannelFromBotLoginUrl, ToChannelFromBotOAuthScope, ToBotFromChannelTokenIssuer, ToBotFromChannelOpenIdMetadataUrl, which botbuilder reads instead',
    ],
  ])('set halfway, are refused in production and warned of elsewhere (%o)', (cloud, said) => {
    const env = { ...base, ...cloud };
    expect(loadConfig(env).ignoredSettings).toEqual([expect.stringContaining(said)]);
    expect(fails({ ...env, NODE_ENV: 'production' })).toContain(said);
  });

  it('without MicrosoftAppId leave Teams off, and say so', () => {
    const config = loadConfig({ ACCESS_API_URL: 'sandbox', ...china });
    expect(config.teams).toBeUndefined();
    expect(config.ignoredSettings).toEqual([
      expect.stringMatching(
        /^ToChannelFromBotLoginUrl and .* and ToBotFromChannelOpenIdMetadataUrl are set but MicrosoftAppId is not, so Teams is off/,
      ),
    ]);
  });
});
