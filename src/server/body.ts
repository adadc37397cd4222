/**
 * A request body read into memory only up to a bound: a declared Content-Length past it is
 * refused before a byte is read (`declared_too_large`: the caller closes the connection rather
 * than read what was announced), and a chunked body is counted as it arrives and no longer kept
 * once it passes the bound (`too_large`). The rest of such a body is read and thrown away, so
 * the client still gets the answer (closing a socket with unread data resets it); the server's
 * request time-out ends a body that never stops.
 */
import type { IncomingMessage } from 'node:http';

export type BodyRefusal = 'declared_too_large' | 'too_large' | 'aborted';
export type BodyRead = { ok: true; body: Buffer } | { ok: false; reason: BodyRefusal };

export function readBody(req: IncomingMessage, maxBytes: number): Promise<BodyRead> {
  const declared = Number(req.headers['content-length']);
  if (declared > maxBytes) return Promise.resolve({ ok: false, reason: 'declared_too_large' });
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    const done = (result: BodyRead) => {
      if (settled) return;
      settled = true;
      req.off('data', onData);
      resolve(result);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= maxBytes) return void chunks.push(chunk);
      chunks.length = 0;
      done({ ok: false, reason: 'too_large' });
      // Still flowing, with no data listener: the rest is read and dropped.
      req.resume();
    };
    req.on('data', onData);
    req.once('end', () => done({ ok: true, body: Buffer.concat(chunks, size) }));
    // A client gone mid-body: 'close' before 'end'. The error listener stays, so a late
    // error is never an uncaught one.
    req.on('error', () => done({ ok: false, reason: 'aborted' }));
    req.once('close', () => done({ ok: false, reason: 'aborted' }));
  });
}
