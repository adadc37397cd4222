/**
 * Access Service webhook deliveries: their signature and their body. The spec says deliveries
 * carry a signature but shows neither its scheme nor the payload, so both are assumed here, in
 * one place (README, "Webhooks"):
 *
 *   <timestamp header>: the delivery time in Unix seconds
 *   <signature header>: sha256=<hex HMAC-SHA256 of "<timestamp>.<raw body>" keyed with the secret>
 *
 * Signing the timestamp with the body means an old delivery cannot be replayed with a new time.
 * Several comma-separated signatures are accepted (one matching is enough), so the secret can be
 * rotated without dropping deliveries.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { z } from 'zod';

export interface SignatureScheme {
  secret: string;
  /** Header names, matched case-insensitively. */
  signatureHeader: string;
  timestampHeader: string;
  /** How far the timestamp may be from now, either way. */
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

/** Compares in constant time for equal lengths; a length mismatch says nothing about content. */
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

/**
 * The body we assume (the spec does not show it): `{ events: [{ type, taskId, userIds }] }` or
 * `{ userIds }`, unknown fields allowed. `userIds` names the Access users concerned.
 */
export const Delivery = z.looseObject({
  userIds: userIds.optional(),
  events: z
    .array(z.looseObject({ userIds: userIds.optional() }))
    .max(10_000)
    .optional(),
});

/** The users to poll, or undefined for all of them. */
export function usersConcerned(delivery: z.infer<typeof Delivery>): string[] | undefined {
  const events = delivery.events ?? [];
  if (events.some((e) => !e.userIds)) return undefined;
  if (!delivery.userIds && !events.length) return undefined;
  return [...new Set([...(delivery.userIds ?? []), ...events.flatMap((e) => e.userIds ?? [])])];
}
