/**
 * Before Bolt sees a request: Slack signs each one with a timestamp, and Bolt refuses a stale
 * one, but not one from the future, and not the same signed request sent again within its five
 * minutes. Here a request stamped more than five minutes ahead is refused, and a correctly signed
 * request is let through once — the same one again (a replay) is acknowledged and dropped, on
 * every replica sharing the store. The signature is checked first, so nobody can fill the
 * store with requests they could not sign.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ReplayGuard } from '../../src/core/platform.ts';
import type { Logger } from '../../src/log.ts';

/** Slack's own window: requests older than this are refused by Bolt, newer ones by us. */
const WINDOW_MS = 5 * 60_000;

export type Verdict = 'pass' | 'replay' | 'future';

export async function checkReplay(
  req: IncomingMessage,
  body: Buffer,
  secret: string,
  replays: ReplayGuard,
  now: Date,
): Promise<Verdict> {
  const stamp = String(req.headers['x-slack-request-timestamp'] ?? '');
  const signature = String(req.headers['x-slack-signature'] ?? '');
  const seconds = /^\d{1,12}$/.test(stamp) ? Number(stamp) : Number.NaN;
  if (seconds * 1000 > now.getTime() + WINDOW_MS) return 'future';
  // Unsigned, wrongly signed or stale: Bolt refuses it with its own answer.
  if (!signedBy(secret, stamp, body, signature) || !(seconds * 1000 >= now.getTime() - WINDOW_MS)) {
    return 'pass';
  }
  const forgetAfter = new Date(seconds * 1000 + 2 * WINDOW_MS);
  return (await replays.firstSeen(`slack:${signature}`, now, forgetAfter)) ? 'pass' : 'replay';
}

function signedBy(secret: string, stamp: string, body: Buffer, signature: string): boolean {
  const expected = Buffer.from(
    `v0=${createHmac('sha256', secret).update(`v0:${stamp}:`).update(body).digest('hex')}`,
  );
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The answer to a request that is not passed on: a replay is acked (and nothing happens). */
export function answerRefused(res: ServerResponse, verdict: Exclude<Verdict, 'pass'>, log: Logger) {
  if (verdict === 'replay') {
    log.warn('refused a replayed Slack request (same signature seen before)');
    res.writeHead(200).end();
    return;
  }
  log.warn('refused a Slack request stamped more than five minutes in the future');
  res.writeHead(401, { 'content-type': 'text/plain' }).end('stale or future timestamp');
}
