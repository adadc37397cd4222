/**
 * A request body read into memory only up to a bound (raw-body): a declared Content-Length past
 * it is refused before a byte is read (`declared_too_large`: the caller closes the connection
 * rather than read what was announced), and a chunked body is refused once it passes the bound
 * (`too_large`). The rest of such a body is read and thrown away, so the client still gets the
 * answer (closing a socket with unread data resets it); the server's request time-out ends a body
 * that never stops.
 */
import type { IncomingMessage } from 'node:http';
import getRawBody from 'raw-body';

export type BodyRefusal = 'declared_too_large' | 'too_large' | 'aborted';
export type BodyRead = { ok: true; body: Buffer } | { ok: false; reason: BodyRefusal };

const ignore = () => {};

export async function readBody(req: IncomingMessage, maxBytes: number): Promise<BodyRead> {
  // A client gone mid-body errors the stream, maybe after the read gave up: never uncaught.
  req.on('error', ignore);
  const length = req.headers['content-length'];
  try {
    return { ok: true, body: await getRawBody(req, { limit: maxBytes, length }) };
  } catch (error) {
    if ((error as { type?: string }).type !== 'entity.too.large') {
      return { ok: false, reason: 'aborted' };
    }
    if (Number(length) > maxBytes) return { ok: false, reason: 'declared_too_large' };
    req.resume();
    return { ok: false, reason: 'too_large' };
  }
}
