/**
 * `POST /webhooks/access`: a fast path beside polling, which stays the safety net. A signed
 * delivery makes the users it names due now; one naming nobody makes everyone due, once per
 * window of `everyoneEveryMs` on any replica (a burst would otherwise poll everyone for each). A
 * repeat of one (replay or retry) is answered 202 and changes nothing, on every replica; 503 asks
 * the sender to retry.
 */
import type { ServerResponse } from 'node:http';
import {
  Delivery,
  type SignatureScheme,
  usersConcerned,
  verifySignature,
} from '../access/webhook.ts';
import type { Clock } from '../core/clock.ts';
import type { Logger } from '../log.ts';
import type { Metrics } from '../metrics.ts';
import type { Refusals } from '../server/refusals.ts';
import { answer, type Route } from '../server/route.ts';
import type { ReplayStore } from '../store/store.ts';

export const WEBHOOK_PATH = '/webhooks/access';

export interface WebhookOptions {
  /** Unset: every delivery is refused. */
  scheme: SignatureScheme | undefined;
  /** Told of every signed delivery: `[]` makes nobody due, unset everyone. */
  trigger: { pollNow(accessUserIds?: readonly string[]): Promise<void> };
  replays: ReplayStore;
  /** How often a delivery naming nobody may make everyone due: the poll interval. */
  everyoneEveryMs: number;
  clock: Clock;
  log: Logger;
  metrics: Pick<Metrics, 'webhooks'>;
  /** The server's one counter of requests refused before authentication. */
  refusals: Refusals;
}

export function accessWebhookHandler(o: WebhookOptions): Route {
  const door = o.refusals.door({
    what: (n) => `${n} unauthenticated webhook deliver${n === 1 ? 'y' : 'ies'}`,
    hint: '; none has passed since accessbot started: if the Access Service’s own deliveries are refused too, ACCESS_WEBHOOK_SECRET or the header names likely differ from what it signs with',
  });
  const refuse = (res: ServerResponse, status: number, outcome: string, error: string) => {
    o.metrics.webhooks.inc({ outcome });
    // Unsigned: anyone's, told with the other refusals; signed but malformed: the sender's bug.
    if (status === 400) o.log.warn({ outcome }, `webhook refused: ${error}`);
    else door.refused({ outcome, reason: error });
    answer(res, status, { error });
  };
  return async (req, res, body) => {
    if (req.method !== 'POST') {
      return answer(res, 405, { error: 'use POST' }, { allow: 'POST' });
    }
    if (!o.scheme) {
      return refuse(res, 403, 'disabled', 'webhooks are off: ACCESS_WEBHOOK_SECRET is not set');
    }
    const verdict = verifySignature(body, req.headers, o.scheme, o.clock.now());
    if (!verdict.ok) {
      const why = {
        unsigned: 'the signature or timestamp header is missing',
        bad_signature: 'the signature does not match',
        stale: 'the timestamp is outside the tolerance',
      }[verdict.reason];
      return refuse(res, 401, verdict.reason, why);
    }
    door.passed();
    let json: unknown;
    try {
      json = JSON.parse(body.toString('utf8'));
    } catch {
      return refuse(res, 400, 'malformed', 'the body is not JSON');
    }
    const delivery = Delivery.safeParse(json);
    if (!delivery.success) {
      return refuse(res, 400, 'malformed', 'the body is not a delivery (see the README)');
    }
    const users = usersConcerned(delivery.data);
    try {
      // A delivery replayed within its window is answered like the first, and does nothing.
      const now = o.clock.now();
      const forgetAfter = new Date(now.getTime() + 2 * o.scheme.toleranceMs);
      if (!(await o.replays.firstSeen(`webhook:${verdict.signature}`, now, forgetAfter))) {
        o.metrics.webhooks.inc({ outcome: 'replayed' });
        o.log.info('webhook delivery already handled: a replay or a retry; ignored');
        return answer(res, 202, { accepted: true, duplicate: true });
      }
      await o.trigger.pollNow(users ?? ((await everyoneDue(o, now)) ? undefined : []));
    } catch (error) {
      o.log.error({ err: error }, 'webhook accepted but the poll could not be scheduled');
      o.metrics.webhooks.inc({ outcome: 'failed' });
      return answer(res, 503, { error: 'try again later' });
    }
    o.metrics.webhooks.inc({ outcome: 'accepted' });
    answer(res, 202, { accepted: true, users: users?.length ?? 'all' });
  };
}

/** The first delivery naming nobody in this interval's window, on any replica. */
function everyoneDue(o: WebhookOptions, now: Date): Promise<boolean> {
  const window = Math.floor(now.getTime() / o.everyoneEveryMs);
  const forgetAfter = new Date(now.getTime() + 2 * o.everyoneEveryMs);
  return o.replays.firstSeen(`webhook-everyone:${window}`, now, forgetAfter);
}
