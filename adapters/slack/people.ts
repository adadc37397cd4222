/**
 * What Slack tells of a person beyond who they are: their time zone (`user.tz`, an IANA name),
 * for the poller's quiet hours and every time shown to them, and their language (`user.locale`,
 * asked with `include_locale`), which everything they read is written in — both from one
 * `users.info` call, whose e-mail address the request that made it may link them by (a kept
 * address is never used: the core asks for one afresh when it rechecks a link). Each person is
 * asked once every six hours (people travel and change settings, so not forever), and lookups of one
 * person at the same time share one call. A user Slack no longer knows has neither; any other
 * failure reaches the caller, which falls back to the defaults.
 */
import type { LRUCache } from 'lru-cache';
import { z } from 'zod';
import { timedCache } from '../../src/core/cache.ts';
import { RecipientGoneError } from '../../src/core/notifier.ts';
import type { SlackApi } from './api.ts';

const UserInfo = z.object({
  user: z.object({
    tz: z.string().min(1).optional(),
    locale: z.string().min(1).optional(),
    profile: z.object({ email: z.string().optional() }).optional(),
  }),
});

/** A person's zone and language, as far as Slack tells them. */
export interface SlackProfile {
  timeZone?: string;
  locale?: string;
}

/** The profile, and the e-mail address when it was read just now (a fresh answer, not a kept one). */
export interface LookedUp {
  profile: SlackProfile;
  fresh?: { email: string | undefined };
}

/** A person's profile, and the address the same answer gave. */
type Known = { profile: SlackProfile; email?: string };

/** How long a person's time zone and language are kept before Slack is asked again. */
const PROFILE_TTL_MS = 6 * 3_600_000;
/** People whose profile is kept at most. */
const KNOWN_MAX = 50_000;

export class SlackPeople {
  readonly #api: SlackApi;
  /** A person Slack no longer knows has an empty profile, kept like any other answer. */
  readonly #known;

  /** `now`: milliseconds since the epoch. */
  constructor(api: SlackApi, now: () => number) {
    this.#api = api;
    this.#known = timedCache({
      ttl: PROFILE_TTL_MS,
      max: KNOWN_MAX,
      now,
      load: (userId: string) => this.#ask(userId),
    });
  }

  async of(userId: string): Promise<SlackProfile> {
    return (await this.#known.forceFetch(userId)).profile;
  }

  async lookUp(userId: string): Promise<LookedUp> {
    const status: LRUCache.Status<string, Known, undefined> = {};
    const { profile, email } = await this.#known.forceFetch(userId, { status });
    // Anything but a kept answer was read from Slack for this very call.
    return status.fetch === 'hit' ? { profile } : { profile, fresh: { email } };
  }

  /** The address Slack gives now, never a kept one (the core asks when it checks a link). */
  async email(userId: string): Promise<string | undefined> {
    return (await this.#ask(userId)).email;
  }

  /** What is known now, without asking Slack: for a form that must open within its trigger's 3 s. */
  known(userId: string): SlackProfile {
    return this.#known.peek(userId)?.profile ?? {};
  }

  async #ask(userId: string): Promise<Known> {
    try {
      const { user } = await this.#api.call(
        'users.info',
        { user: userId, include_locale: true },
        UserInfo,
      );
      return { profile: { timeZone: user.tz, locale: user.locale }, email: user.profile?.email };
    } catch (error) {
      if (error instanceof RecipientGoneError) return { profile: {} };
      throw error;
    }
  }
}
