/**
 * A Slack user's time zone, as `users.info` tells it (`user.tz`, an IANA name), for the poller's
 * quiet hours. Each person is asked once per `ttlMs` (people travel, so not forever), and
 * lookups of one person at the same time share one call. A user Slack no longer knows has no
 * zone; any other failure reaches the caller, which falls back to its default zone.
 */
import { z } from 'zod';
import { timedCache } from '../../src/core/cache.ts';
import { RecipientGoneError } from '../../src/core/notifier.ts';
import type { SlackApi } from './api.ts';

const UserZone = z.object({ user: z.object({ tz: z.string().min(1).optional() }) });

export interface SlackTimeZoneOptions {
  /** How long an answer is kept. */
  ttlMs: number;
  /** Milliseconds since the epoch; injected so tests can move time. */
  now: () => number;
}

/** People whose zone is kept at most. */
const KNOWN_MAX = 50_000;

export class SlackTimeZones {
  readonly #api: SlackApi;
  /** `zone` is absent for a person with none, which is kept like any other answer. */
  readonly #known;

  constructor(api: SlackApi, options: SlackTimeZoneOptions) {
    this.#api = api;
    this.#known = timedCache({
      ttl: options.ttlMs,
      max: KNOWN_MAX,
      now: options.now,
      load: async (userId: string) => ({ zone: await this.#ask(userId) }),
    });
  }

  async of(userId: string): Promise<string | undefined> {
    return (await this.#known.forceFetch(userId)).zone;
  }

  async #ask(userId: string): Promise<string | undefined> {
    try {
      return (await this.#api.call('users.info', { user: userId }, UserZone)).user.tz;
    } catch (error) {
      if (error instanceof RecipientGoneError) return undefined;
      throw error;
    }
  }
}
