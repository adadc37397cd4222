/**
 * Slack over HTTP: Bolt's HTTPReceiver at `/slack/events`, behind a gate that checks the signature
 * over the raw bytes before anything is parsed (401 if missing, wrong, or over five minutes off),
 * so unsigned traffic never reaches the store, admission or handlers. Each signed request is served
 * once: its signature is kept in the store's replay guard (shared by every replica) until Slack's
 * replay window has passed, and one seen before is answered 200 and dropped. When the store
 * cannot say, the request is served.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { parse } from 'node:querystring';
import { HTTPReceiver, isValidSlackRequest } from '@slack/bolt';
import type { Clock } from '../../src/core/clock.ts';
import type { ReplayGuard } from '../../src/core/platform.ts';
import type { Logger } from '../../src/log.ts';
import type { Metrics } from '../../src/metrics.ts';
import type { RefusalDoor, Refusals } from '../../src/server/refusals.ts';
import type { Route } from '../../src/server/route.ts';
import { slackLogger } from './api.ts';
import { slackRefusals } from './refusals.ts';

export const SLACK_PATH = '/slack/events';
/** Slack's replay window, both ways (Bolt's own check looks only back). */
const MAX_SKEW_MS = 5 * 60_000;
/**
 * The largest requests are clicks carrying the message clicked: Slack's ~13,000 characters of
 * block text plus our 3,000-character fallback form-encode to under 200 KB, even if non-Latin.
 */
export const SLACK_BODY_LIMIT = 256 * 1024;
/** Slack gives up after 3 s: a request nobody acked by then is answered 404 and logged. */
const UNACKED_MS = 3_000;
/** An `ssl_check` is `ssl_check=1&token=…`; anything larger is not one. */
const SSL_CHECK_MAX_BYTES = 256;
const FORM = 'application/x-www-form-urlencoded';

interface SlackHttpOptions {
  signingSecret: string;
  replays: ReplayGuard;
  log: Logger;
  metrics: Metrics;
  /** When a request is checked. */
  clock: Clock;
  /** The server's one counter of refused requests. */
  refusals: Refusals;
}

/** A request whose signature was checked, and its timestamp. */
interface Signed {
  signature: string;
  stampMs: number;
}

const header = (req: IncomingMessage, name: string) => {
  const value = req.headers[name];
  return typeof value === 'string' ? value : undefined;
};

/** Bolt's receiver, and the route that hands it signed, first-seen requests. */
export function slackHttp(options: SlackHttpOptions): { receiver: HTTPReceiver; route: Route } {
  const { signingSecret, log, metrics, clock } = options;
  const refusals = slackRefusals(options.refusals);
  const receiver = new HTTPReceiver({
    signingSecret,
    endpoints: SLACK_PATH,
    // Checked by the route, once, on the raw bytes and in both directions, before Bolt parses.
    signatureVerification: false,
    bodyLimit: SLACK_BODY_LIMIT,
    processBeforeResponse: false,
    unhandledRequestTimeoutMillis: UNACKED_MS,
    logger: slackLogger(log),
  });

  const signed = (req: IncomingMessage, body: Buffer, at: number): Signed | undefined => {
    const signature = header(req, 'x-slack-signature');
    const stamp = Number(header(req, 'x-slack-request-timestamp'));
    // Bolt's check refuses a stale stamp; one from the future is refused here.
    if (!signature || !(stamp * 1000 - at <= MAX_SKEW_MS)) return undefined;
    const valid = isValidSlackRequest({
      signingSecret,
      body: body.toString('utf8'),
      headers: { 'x-slack-signature': signature, 'x-slack-request-timestamp': stamp },
      nowMilliseconds: at,
    });
    return valid ? { signature, stampMs: stamp * 1000 } : undefined;
  };

  const route: Route = async (req, res, body) => {
    if (req.method !== 'POST') return void res.writeHead(405, { allow: 'POST' }).end();
    const at = clock.now().getTime();
    const valid = signed(req, body, at);
    if (!valid) return refuse(req, res, body, refusals, metrics);
    refusals.passed();
    if (!(await firstTime(options, valid, at))) {
      log.warn('refused a replayed Slack request (same signature seen before)');
      return void res.writeHead(200).end();
    }
    (req as IncomingMessage & { rawBody: Buffer }).rawBody = body;
    receiver.requestListener(req, res);
  };
  return { receiver, route };
}

function refuse(
  req: IncomingMessage,
  res: ServerResponse,
  body: Buffer,
  refusals: RefusalDoor,
  metrics: Metrics,
): void {
  // Slack checks the certificate with an unsigned `ssl_check`; nothing else of it is read.
  const small = body.length <= SSL_CHECK_MAX_BYTES && req.headers['content-type'] === FORM;
  if (small && parse(body.toString('utf8')).ssl_check === '1') return void res.writeHead(200).end();
  metrics.errors.inc({ kind: 'slack_unsigned' });
  refusals.refused();
  res.writeHead(401).end();
}

async function firstTime(
  o: { replays: ReplayGuard; log: Logger },
  { signature, stampMs }: Signed,
  at: number,
): Promise<boolean> {
  const forgetAfter = new Date(stampMs + 2 * MAX_SKEW_MS);
  try {
    return await o.replays.firstSeen(`slack:${signature}`, new Date(at), forgetAfter);
  } catch (error) {
    o.log.warn({ err: error }, 'could not check a Slack request for a replay; serving it');
    return true;
  }
}
