/**
 * POSTs JSON to a response_url, over connections kept open between posts (Slack's hooks
 * host answers every slash command and many clicks). `fetch` would do the same with about three
 * times the CPU per post, measured here; a post's whole time is bounded, not only its silences.
 */
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { PlatformUnavailableError } from '../../src/core/notifier.ts';
import { keepAliveAgents } from '../../src/net/agents.ts';

const agents = keepAliveAgents();
const http = { agent: agents.http, request: httpRequest };
const https = { agent: agents.https, request: httpsRequest };

export interface Posted {
  status: number;
  retryAfter: string | undefined;
}

/** Resolves with the answer's status once its body is read; rejects when nothing usable came. */
export function postJson(url: URL, body: unknown, timeoutMs: number): Promise<Posted> {
  const via = url.protocol === 'https:' ? https : http;
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = via.request(url, {
      method: 'POST',
      agent: via.agent,
      headers: {
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(payload),
      },
    });
    const timer = setTimeout(
      () => req.destroy(new PlatformUnavailableError(`no answer within ${timeoutMs} ms`)),
      timeoutMs,
    );
    req.on('response', (res: IncomingMessage) => {
      // What a response_url answers ("ok") says nothing its status does not.
      res.resume();
      res.on('end', () => {
        clearTimeout(timer);
        const retryAfter = res.headers['retry-after'];
        resolve({ status: res.statusCode ?? 0, retryAfter });
      });
    });
    req.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    req.end(payload);
  });
}
