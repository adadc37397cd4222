/**
 * Azure's managed identity endpoint as App Service offers it to a process (`IDENTITY_ENDPOINT`
 * and `IDENTITY_HEADER` in its environment), which botbuilder's `UserAssignedMSI` credentials
 * ask for the bot's tokens through @azure/identity: a token for any resource, to a caller that
 * sends the header; each request recorded.
 */
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export async function startManagedIdentity() {
  const header = randomBytes(12).toString('hex');
  const requests: URLSearchParams[] = [];
  const server = createServer((req, res) => {
    const query = new URL(req.url ?? '/', 'http://identity').searchParams;
    requests.push(query);
    if (req.headers['x-identity-header'] !== header) return void res.writeHead(401).end();
    res.writeHead(200, { 'content-type': 'application/json' }).end(
      JSON.stringify({
        access_token: `msi-token-${requests.length}`,
        expires_on: String(Math.floor(Date.now() / 1000) + 3600),
        resource: query.get('resource'),
        token_type: 'Bearer',
        client_id: query.get('client_id'),
      }),
    );
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    /** The variables Azure sets for the process. */
    env: { IDENTITY_ENDPOINT: `http://127.0.0.1:${port}/msi/token`, IDENTITY_HEADER: header },
    requests,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
