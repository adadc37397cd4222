/** Raw authenticated calls to a sandbox, for tests of the sandbox's own HTTP behaviour. */
import type { Sandbox } from '../../src/sandbox/server.ts';

export async function callSandbox(sb: Sandbox, method: string, path: string, body?: unknown) {
  const url = path.startsWith('/') ? sb.origin + path : `${sb.url}/${path}`;
  const res = await fetch(url, {
    method,
    headers: {
      'x-api-key': sb.apiKey,
      'x-api-secret': sb.apiSecret,
      ...(body !== undefined && { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return {
    status: res.status,
    headers: res.headers,
    text,
    json: () => JSON.parse(text) as unknown,
  };
}
