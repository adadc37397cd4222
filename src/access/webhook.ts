/**
 * Access Service webhook deliveries. The spec shows neither signature scheme nor payload, so both
 * are assumed here (README, "Webhooks"): sha256=<hex HMAC of "<timestamp>.<raw body>">, the
 * timestamp in Unix seconds, signed so an old delivery cannot be replayed with a new time. Several
 * comma-separated signatures are accepted, so the secret can be rotated.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { z } from 'zod';

export interface SignatureScheme {
  secret: string;
  /** Header names, matched case-insensitively. */
  signatureHeader: string;
  timestampHeader: string;
  /** Either way. */
  toleranceMs: number;
}

/** `signature`: the delivery's own, which names it when a replay is looked for. */
export type Verdict =
  | { ok: true; signature: string }
  | { ok: false; reason: 'unsigned' | 'bad_signature' | 'stale' };

function signatureOf(secret: string, timestamp: string, body: Buffer | string): string {
  const hmac = createHmac('sha256', secret).update(`${timestamp}.`).update(body);
  return `sha256=${hmac.digest('hex')}`;
}

const header = (headers: IncomingHttpHeaders, name: string) => {
  const value = headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
};

/** Constant time; a length mismatch says nothing about content. */
function same(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

export function verifySignature(
  body: Buffer,
  headers: IncomingHttpHeaders,
  scheme: SignatureScheme,
  now: Date,
): Verdict {
  const timestamp = header(headers, scheme.timestampHeader)?.trim();
  const signatures = header(headers, scheme.signatureHeader);
  if (!timestamp || !signatures) return { ok: false, reason: 'unsigned' };
  const expected = signatureOf(scheme.secret, timestamp, body);
  // Every candidate is compared, so the time taken does not tell which one came close.
  const matches = signatures
    .split(',')
    .map((s) => s.trim())
    .filter((candidate) => same(candidate.replace(/^(?!sha256=)/, 'sha256='), expected));
  if (!matches.length) return { ok: false, reason: 'bad_signature' };
  const seconds = /^\d{1,12}$/.test(timestamp) ? Number(timestamp) : Number.NaN;
  if (!(Math.abs(now.getTime() - seconds * 1000) <= scheme.toleranceMs)) {
    return { ok: false, reason: 'stale' };
  }
  return { ok: true, signature: expected };
}

const userIds = z.array(z.string().min(1).max(200)).max(10_000);

/** Assumed: `{ events: [{ type, taskId, userIds }] }` or `{ userIds }`, unknown fields allowed. */
export const Delivery = z.looseObject({
  userIds: userIds.optional(),
  events: z
    .array(z.looseObject({ userIds: userIds.optional() }))
    .max(10_000)
    .optional(),
});

/** Undefined: poll everyone. */
export function usersConcerned(delivery: z.infer<typeof Delivery>): string[] | undefined {
  const events = delivery.events ?? [];
  if (events.some((e) => !e.userIds)) return undefined;
  if (!delivery.userIds && !events.length) return undefined;
  return [...new Set([...(delivery.userIds ?? []), ...events.flatMap((e) => e.userIds ?? [])])];
}
