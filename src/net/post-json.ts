/**
 * One POST of a JSON body on `node:http`, for the one call accessbot makes per command beside
 * the Access Service: Slack's `response_url`. fetch and got each cost a few times the CPU of the
 * bare request here (docs/capacity.md), on every command. One try, no redirects (a 3xx is only
 * a status), a time limit on the whole exchange, connections kept open; the answer's body is
 * read and dropped.
 */
import type { KeepAliveAgents } from './agents.ts';
import { nodeRequest } from './node-request.ts';

export interface PostAnswer {
  status: number;
  retryAfter: string | undefined;
}

/** Rejects with node's error when no whole answer came, or with a timeout after `timeoutMs`. */
export function postJson(
  url: URL,
  body: unknown,
  agents: KeepAliveAgents,
  timeoutMs: number,
): Promise<PostAnswer> {
  const data = JSON.stringify(body);
  const https = url.protocol === 'https:';
  return new Promise((resolve, reject) => {
    const fail = (error: Error) => {
      clearTimeout(timer);
      reject(error);
    };
    const req = nodeRequest(
      url,
      {
        method: 'POST',
        agent: https ? agents.https : agents.http,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(data) },
      },
      (res) => {
        res.on('error', fail);
        res.on('end', () => {
          clearTimeout(timer);
          resolve({ status: res.statusCode ?? 0, retryAfter: res.headers['retry-after'] });
        });
        res.resume();
      },
    );
    const timer = setTimeout(() => req.destroy(new Error('no answer in time')), timeoutMs);
    req.on('error', fail);
    req.end(data);
  });
}
