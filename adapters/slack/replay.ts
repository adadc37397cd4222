/**
 * Each signed Slack request is served once: its signature is kept in the store's replay guard
 * (shared by every replica) until Slack's replay window has passed. Unsigned requests never get
 * here, so they write nothing; when the store cannot say, the request is served.
 */
import type { ReplayGuard } from '../../src/core/platform.ts';
import type { Logger } from '../../src/log.ts';

/** Slack's replay window, both ways (Bolt's own check looks only back). */
export const MAX_SKEW_MS = 5 * 60_000;

/** A request whose signature was checked, and its timestamp. */
export interface Signed {
  signature: string;
  stampMs: number;
}

export async function firstTime(
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
