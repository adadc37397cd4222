/**
 * The Bot Framework's token side, offline: an OpenID metadata document and a JWKS on a loopback
 * port, and RS256 tokens signed with its key, so botbuilder's real token validation can be
 * exercised, and the login the bot gets its own tokens from (bot-login.ts). `cloud` points all of
 * botbuilder's endpoint settings here, as the environment of a sovereign cloud would.
 */
import { generateKeyPairSync, type KeyObject, sign } from 'node:crypto';
import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startBotLogin } from './bot-login.ts';

export const ISSUER = 'https://issuer.accessbot.test';
const KID = 'test-key-1';

export async function startTokenIssuer() {
  const login = await startBotLogin();
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const forger = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
  const jwk = publicKey.export({ format: 'jwk' });
  let base = '';
  const server = createServer((req, res) => {
    const body =
      req.url === '/.well-known/openid-configuration'
        ? {
            issuer: ISSUER,
            jwks_uri: `${base}/keys`,
            id_token_signing_alg_values_supported: ['RS256'],
          }
        : req.url === '/keys'
          ? {
              keys: [
                { kty: 'RSA', use: 'sig', kid: KID, n: jwk.n, e: jwk.e, endorsements: ['msteams'] },
              ],
            }
          : undefined;
    if (!body) return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const metadata = `${base}/.well-known/openid-configuration`;
  return {
    /** botbuilder's cloud settings (src/app/settings-cloud.ts), all pointing at this issuer. */
    cloud: {
      ToBotFromChannelOpenIdMetadataUrl: metadata,
      ToBotFromChannelTokenIssuer: ISSUER,
      ToBotFromEmulatorOpenIdMetadataUrl: metadata,
      ToChannelFromBotLoginUrl: login.loginUrl,
      ToChannelFromBotOAuthScope: 'https://api.botframework.test',
      OAuthUrl: `${base}/oauth`,
      CallerId: 'urn:botframework:test',
    },
    /** A token as the Bot Framework channel would send it to the bot `appId`. */
    token: (appId: string, serviceUrl: string, overrides: Record<string, unknown> = {}) =>
      signed(privateKey, appId, serviceUrl, overrides),
    /** The same token signed with another key under the issuer's key id: a forgery. */
    forged: (appId: string, serviceUrl: string) => signed(forger, appId, serviceUrl, {}),
    /** Where the bot gets its own tokens (bot-login.ts). */
    login,
    close: async () => {
      await login.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function signed(
  key: KeyObject,
  appId: string,
  serviceUrl: string,
  overrides: Record<string, unknown>,
): string {
  const now = Math.floor(Date.now() / 1000);
  const claims = {
    iss: ISSUER,
    aud: appId,
    serviceurl: serviceUrl,
    nbf: now - 60,
    exp: now + 600,
    ...overrides,
  };
  const encode = (part: object) => Buffer.from(JSON.stringify(part)).toString('base64url');
  const unsigned = `${encode({ alg: 'RS256', typ: 'JWT', kid: KID })}.${encode(claims)}`;
  return `${unsigned}.${sign('RSA-SHA256', Buffer.from(unsigned), key).toString('base64url')}`;
}
