/**
 * One HTTP exchange with the Access Service, on node:http(s) over connections kept open between
 * requests. This replaced got: measured at 250 requests a second, a got request cost 0.40–0.52 ms
 * of CPU against 0.22 ms for the same request made here, and inside accessbot `/access tasks`
 * went from 1.95 to 1.55 ms of CPU when only its one got request was made this way — got's
 * share alone was a third of the 1.2 ms a whole command may cost (docs/capacity.md).
 *
 * Every exchange is bounded: a deadline for the whole of it (connect, send, wait, read) and a
 * cap on the body's bytes — a declared Content-Length past it is refused before a byte is
 * read, a chunked body is cut off at it. Redirects are not followed (a 3xx is only a status),
 * and nothing is decompressed: no Accept-Encoding is sent, so the bytes counted are the bytes
 * held, and a compressed body is not JSON.
 */
import {
  Agent as HttpAgent,
  request as httpRequest,
  type IncomingHttpHeaders,
  type IncomingMessage,
} from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import type { EndpointName } from './endpoints.ts';
import { ResponseTooLargeError, ServiceUnavailableError } from './errors.ts';

export interface Exchange {
  method: string;
  url: URL;
  headers: Record<string, string>;
  /** A JSON body, already serialised. */
  body?: string;
  timeoutMs: number;
  maxBytes: number;
}

export interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
  /** The body's size in bytes, as received. */
  bytes: number;
  url: string;
}

/**
 * Idle connections close after 4 s, before the common 5 s server-side keep-alive limit, so a
 * request seldom goes out on a connection the server is just closing.
 */
const keepAlive = { keepAlive: true, timeout: 4_000, scheduling: 'lifo' } as const;

export class Transport {
  readonly #http = new HttpAgent(keepAlive);
  readonly #https = new HttpsAgent(keepAlive);

  /** The answer, whatever its status; a failure to get one is a ServiceUnavailableError. */
  exchange(endpoint: EndpointName, x: Exchange): Promise<Answer> {
    const tls = x.url.protocol === 'https:';
    const send = tls ? httpsRequest : httpRequest;
    const headers = x.body === undefined ? x.headers : withLength(x.headers, x.body);
    return new Promise((resolve, reject) => {
      const req = send(x.url, { method: x.method, headers, agent: tls ? this.#https : this.#http });
      const fail = (error: Error) => {
        clearTimeout(timer);
        req.destroy();
        reject(error);
      };
      const timer = setTimeout(
        () => fail(new ServiceUnavailableError(endpoint, 'no answer in time')),
        x.timeoutMs,
      );
      req.on('error', (cause: NodeJS.ErrnoException) => {
        const reason = cause.code ? `connection failed (${cause.code})` : 'connection failed';
        fail(new ServiceUnavailableError(endpoint, reason, { cause }));
      });
      req.on('response', (res: IncomingMessage) => {
        const tooLarge = () => fail(new ResponseTooLargeError(endpoint, x.maxBytes));
        if (Number(res.headers['content-length'] ?? 0) > x.maxBytes) return tooLarge();
        const chunks: Buffer[] = [];
        let bytes = 0;
        res.on('data', (chunk: Buffer) => {
          bytes += chunk.byteLength;
          if (bytes > x.maxBytes) return tooLarge();
          chunks.push(chunk);
        });
        res.on('end', () => {
          clearTimeout(timer);
          const text =
            chunks.length === 1 ? chunks[0]!.toString() : Buffer.concat(chunks).toString();
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            text,
            bytes,
            url: x.url.href,
          });
        });
        res.on('error', (cause) =>
          fail(new ServiceUnavailableError(endpoint, 'answer cut off', { cause })),
        );
      });
      req.end(x.body);
    });
  }
}

function withLength(headers: Record<string, string>, body: string): Record<string, string> {
  return {
    ...headers,
    'content-type': 'application/json',
    'content-length': String(Buffer.byteLength(body)),
  };
}
