/**
 * A Slack user's time zone, as `users.info` tells it (`user.tz`, an IANA name), for the poller's
 * quiet hours. Each person is asked once per `ttlMs` (people travel, so not forever), and
 * lookups of one person at the same time share one call. A user Slack no longer knows has no
 * zone; any other failure reaches the caller, which falls back to its default zone.
 */
import { z } from 'zod';
import { RecipientGoneError } from '../../src/core/notifier.ts';
import type { SlackApi } from './api.ts';

const UserZone = z.object({ user: z.object({ tz: z.string().min(1).optional() }) });

export interface SlackTimeZoneOptions {
  /** How long an answer is kept. */
  ttlMs: number;
  /** Milliseconds since the epoch; injected so tests can move time. */
  now: () => number;
}

export class SlackTimeZones {
  readonly #api: SlackApi;
  readonly #o: SlackTimeZoneOptions;
  readonly #known = new Map<string, { zone: Promise<string | undefined>; until: number }>();
  #sweptAt = 0;

  constructor(api: SlackApi, options: SlackTimeZoneOptions) {
    this.#api = api;
    this.#o = options;
  }

  of(userId: string): Promise<string | undefined> {
    const now = this.#o.now();
    const known = this.#known.get(userId);
    if (known && known.until > now) return known.zone;
    this.#forgetExpired(now);
    const zone = this.#ask(userId);
    this.#known.set(userId, { zone, until: now + this.#o.ttlMs });
    // A failure is not kept: the next lookup asks again.
    zone.catch(() => {
      if (this.#known.get(userId)?.zone === zone) this.#known.delete(userId);
    });
    return zone;
  }

  async #ask(userId: string): Promise<string | undefined> {
    try {
      return (await this.#api.call('users.info', { user: userId }, UserZone)).user.tz;
    } catch (error) {
      if (error instanceof RecipientGoneError) return undefined;
      throw error;
    }
  }

  /** At most once per period, so a miss costs no walk over everyone. */
  #forgetExpired(now: number): void {
    if (now - this.#sweptAt < this.#o.ttlMs) return;
    this.#sweptAt = now;
    for (const [userId, known] of this.#known) if (known.until <= now) this.#known.delete(userId);
  }
}
