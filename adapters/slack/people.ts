/**
 * A person's time zone and language from one `users.info` call, kept six hours (people travel and
 * change settings). Its e-mail address links them only when read for that very request: the core
 * asks afresh when it rechecks a link. Any failure but "no such user" reaches the caller.
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

export interface SlackProfile {
  timeZone?: string;
  locale?: string;
}

/** `fresh`: the e-mail address, when the profile was read just now, not kept. */
export interface LookedUp {
  profile: SlackProfile;
  fresh?: { email: string | undefined };
}

type Known = { profile: SlackProfile; email?: string };

const PROFILE_TTL_MS = 6 * 3_600_000;
const KNOWN_MAX = 50_000;

export class SlackPeople {
  readonly #api: SlackApi;
  /** A person Slack no longer knows has an empty profile, kept like any other answer. */
  readonly #known;

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
