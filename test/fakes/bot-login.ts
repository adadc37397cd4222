/**
 * Microsoft's login for the bot's own tokens, offline: the OpenID configuration MSAL reads and
 * the token endpoint it posts the client credentials to, over HTTPS (MSAL accepts no other) with
 * a certificate made here for 127.0.0.1 and trusted by this process (and by a child started with
 * `NODE_EXTRA_CA_CERTS=caFile`). It records each token request and answers it as Entra ID does,
 * or refuses it with the AADSTS error a test asks for.
 */
import { execFileSync } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync } from 'node:fs';
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { getCACertificates, setDefaultCACertificates } from 'node:tls';

/** A refusal as Entra ID sends it: an OAuth error and the AADSTS number. */
export const refusals = {
  wrongSecret: { status: 401, error: 'invalid_client', number: 7000215 },
  expiredSecret: { status: 401, error: 'invalid_client', number: 7000222 },
  unknownApp: { status: 400, error: 'unauthorized_client', number: 700016 },
  unknownTenant: { status: 400, error: 'invalid_request', number: 90002 },
} as const;

export type Refusal = keyof typeof refusals;

/** A certificate and key for 127.0.0.1, made by openssl (Node has no certificate builder). */
function certificate() {
  const dir = mkdtempSync(join(tmpdir(), 'accessbot-login-'));
  const [key, cert] = [join(dir, 'key.pem'), join(dir, 'cert.pem')];
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-keyout',
      key,
      '-out',
      cert,
      '-days',
      '2',
    ].concat(['-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1']),
    { stdio: 'ignore' },
  );
  return { key: readFileSync(key), cert: readFileSync(cert), caFile: cert };
}

export async function startBotLogin() {
  const { key, cert, caFile } = certificate();
  setDefaultCACertificates([...getCACertificates('default'), cert.toString()]);
  const tokenRequests: URLSearchParams[] = [];
  let refusal: Refusal | undefined;
  let base = '';
  const server = createServer({ key, cert }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const send = (status: number, body: object) =>
        res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      const path = new URL(req.url ?? '/', base).pathname;
      if (path === '/login/v2.0/.well-known/openid-configuration') {
        return send(200, {
          issuer: `${base}/login/v2.0`,
          authorization_endpoint: `${base}/login/oauth2/v2.0/authorize`,
          token_endpoint: `${base}/login/oauth2/v2.0/token`,
          jwks_uri: `${base}/login/discovery/v2.0/keys`,
        });
      }
      if (path !== '/login/oauth2/v2.0/token' || req.method !== 'POST') return send(404, {});
      tokenRequests.push(new URLSearchParams(Buffer.concat(chunks).toString()));
      if (refusal) {
        const { status, error, number } = refusals[refusal];
        return send(status, {
          error,
          error_description: `AADSTS${number}: refused by the test.`,
          error_codes: [number],
        });
      }
      send(200, {
        token_type: 'Bearer',
        expires_in: 3599,
        access_token: `bot-token-${tokenRequests.length}`,
      });
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  base = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    /** botbuilder's override of where the bot logs in. */
    loginUrl: `${base}/login`,
    /** For a child process: `NODE_EXTRA_CA_CERTS`. */
    caFile,
    tokenRequests,
    /** Every token request from now on is refused so; `undefined` serves them again. */
    refuse(kind: Refusal | undefined) {
      refusal = kind;
    },
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
