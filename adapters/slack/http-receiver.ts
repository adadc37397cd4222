/**
 * Slack over HTTP on accessbot's one server: checks each request's signature, reads its body and
 * hands it to Bolt through admission (admission.ts). It takes the place of Bolt's HTTPReceiver,
 * which on this path built a new key for every HMAC, compared signatures through two more HMACs
 * and fresh random bytes, parsed form bodies twice and armed a 3 s timer for every request —
 * together about a tenth of a command's CPU (docs/capacity.md).
 *
 * It answers what Bolt's receiver answers: 401 for a missing or wrong signature or a timestamp
 * more than five minutes from now (also ahead), 200 and nothing more for a replay of a request
 * already served (a request turned away as busy is not looked up: it causes nothing), 400 for a
 * body that cannot be read, 200 to Slack's
 * `ssl_check` and to the `url_verification` challenge, and 404 when nobody acknowledges a
 * request within 3 s.
 */
import { createHmac, createSecretKey, type KeyObject, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { parse } from 'node:querystring';
import { type App, type Receiver, type ReceiverEvent, ReceiverMultipleAckError } from '@slack/bolt';
import type { ReplayGuard } from '../../src/core/platform.ts';
import type { Logger } from '../../src/log.ts';
import type { Admission } from './admission.ts';

/** Slack's replay window: a signed timestamp further than this from now is refused. */
const MAX_SKEW_S = 300;
/** Slack gives up after 3 s; an ack that has not come by then never will. */
const UNACKED_MS = 3_001;
const FORM = 'application/x-www-form-urlencoded';

type Body = Record<string, unknown>;

function reply(res: ServerResponse, status: number, body?: unknown): void {
  if (body === undefined || body === '') res.writeHead(status).end();
  else if (typeof body === 'string') res.writeHead(status).end(body);
  else res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

const header = (req: IncomingMessage, name: string) => {
  const value = req.headers[name];
  return typeof value === 'string' ? value : undefined;
};

export class SlackHttpReceiver implements Receiver {
  readonly #key: KeyObject;
  readonly #admission: Admission;
  readonly #replays: ReplayGuard;
  readonly #log: Logger;
  readonly #now: () => number;
  #app: App | undefined;

  constructor(options: {
    signingSecret: string;
    admission: Admission;
    /** Signatures already seen, by every replica: a replayed request is acked and dropped. */
    replays: ReplayGuard;
    log: Logger;
    now?: () => number;
  }) {
    this.#key = createSecretKey(Buffer.from(options.signingSecret, 'utf8'));
    this.#admission = options.admission;
    this.#replays = options.replays;
    this.#log = options.log;
    this.#now = options.now ?? Date.now;
  }

  init(app: App): void {
    this.#app = this.#admission.gate(app);
  }

  /** accessbot's server is started and stopped by accessbot. */
  async start(): Promise<void> {}

  async stop(): Promise<void> {}

  /** The route of `/slack/events`; `body` was read (and bounded) by the server. */
  readonly handle = (req: IncomingMessage, res: ServerResponse, body: Buffer) => {
    if (req.method !== 'POST') return void res.writeHead(405, { allow: 'POST' }).end();
    const form = req.headers['content-type'] === FORM;
    const fields = form ? parse(body.toString('utf8')) : undefined;
    // Slack checks the certificate with an unsigned `ssl_check`; nothing of it is read.
    if (fields?.ssl_check === '1') {
      reply(res, 200);
      return;
    }
    if (!this.#signed(req, body)) {
      this.#log.warn('refused a Slack request without a valid signature');
      reply(res, 401);
      return;
    }
    const payload = this.#payload(body, fields);
    if (!payload) {
      this.#log.warn('refused a Slack request whose body cannot be read');
      reply(res, 400);
      return;
    }
    if (payload.type === 'url_verification') {
      reply(res, 200, { challenge: payload.challenge });
      return;
    }
    // Turned away, a request only hears "busy": a replay of it does nothing more, so the replay
    // guard's store write is saved for requests that will run.
    if (!this.#admission.reserve(payload)) {
      this.#dispatch(req, res, payload);
      return;
    }
    void this.#firstTime(req).then((first) => {
      if (first) return this.#dispatch(req, res, payload);
      this.#admission.release(payload);
      this.#log.warn('refused a replayed Slack request (same signature seen before)');
      reply(res, 200);
    });
  };

  /**
   * Whether this signed request is new; one seen before is a replay. When the store cannot say,
   * the request is served (and the operator told): Slack's own retries must not be lost.
   */
  async #firstTime(req: IncomingMessage): Promise<boolean> {
    const signature = header(req, 'x-slack-signature') ?? '';
    const stamp = Number(header(req, 'x-slack-request-timestamp'));
    const now = new Date(this.#now());
    const forgetAfter = new Date((stamp + 2 * MAX_SKEW_S) * 1000);
    try {
      return await this.#replays.firstSeen(`slack:${signature}`, now, forgetAfter);
    } catch (error) {
      this.#log.warn({ err: error }, 'could not check a Slack request for a replay; serving it');
      return true;
    }
  }

  /** The request's payload: a form's fields, the JSON in its `payload` field, or a JSON body. */
  #payload(body: Buffer, fields: ReturnType<typeof parse> | undefined): Body | undefined {
    try {
      if (!fields) return JSON.parse(body.toString('utf8')) as Body;
      return typeof fields.payload === 'string' ? (JSON.parse(fields.payload) as Body) : fields;
    } catch {
      return undefined;
    }
  }

  #dispatch(req: IncomingMessage, res: ServerResponse, body: Body): void {
    let acked = false;
    let timer: NodeJS.Timeout | undefined;
    const ack = async (response?: unknown) => {
      if (acked) throw new ReceiverMultipleAckError();
      acked = true;
      clearTimeout(timer);
      reply(res, 200, response);
    };
    const retry = header(req, 'x-slack-retry-num');
    const event: ReceiverEvent = {
      body,
      ack,
      retryNum: retry === undefined ? undefined : Number.parseInt(retry, 10),
      retryReason: header(req, 'x-slack-retry-reason'),
    };
    const work = this.#app?.processEvent(event) ?? Promise.resolve();
    // Work admitted to the queue was acknowledged before it started: no timer for it.
    if (!acked) {
      timer = setTimeout(() => {
        this.#log.error('a Slack request was not acknowledged within 3 s');
        acked = true;
        reply(res, 404);
      }, UNACKED_MS);
    }
    work.catch((error: unknown) => {
      this.#log.error({ err: error }, 'a Slack request failed');
      if (!res.headersSent) reply(res, 500);
    });
  }

  #signed(req: IncomingMessage, body: Buffer): boolean {
    const signature = header(req, 'x-slack-signature');
    const stamp = header(req, 'x-slack-request-timestamp');
    if (signature === undefined || stamp === undefined || !/^\d+$/.test(stamp)) return false;
    if (Math.abs(this.#now() / 1000 - Number(stamp)) > MAX_SKEW_S) return false;
    const mac = createHmac('sha256', this.#key).update(`v0:${stamp}:`).update(body).digest('hex');
    const expected = Buffer.from(`v0=${mac}`);
    const given = Buffer.from(signature);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }
}
