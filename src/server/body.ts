/**
 * A request body read up to a bound. A refused chunked body is drained, so the client still gets
 * the answer (closing a socket with unread data resets it); the time-out ends an endless one.
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
