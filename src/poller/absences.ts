/**
 * Absences as a sweep sees them: who is away, read once a sweep (few are), after the absences
 * whose day has come are ended — at most once a minute on each replica, each absence once
 * wherever (core/away/away.ts audits it and has its cards edited).
 */
import { expireAways, MAX_AWAY_DAYS } from '../core/away/away.ts';
import type { TellAsks } from '../core/notices.ts';
import type { Away } from '../store/store.ts';
import type { PollerContext } from './context.ts';

/** How often a replica ends the absences whose day has come: they end within this. */
const AWAY_CHECK_MS = 60_000;

export class Absences {
  readonly #ctx: PollerContext;
  readonly #asks: TellAsks;
  #checkedAt = Number.NEGATIVE_INFINITY;

  constructor(ctx: PollerContext, asks: TellAsks) {
    this.#ctx = ctx;
    this.#asks = asks;
  }

  /** Who is away now, by Access user; nobody when the store cannot say (logged). */
  async lasting(): Promise<Map<string, Away>> {
    const { store, clock, log } = this.#ctx;
    try {
      await this.#endDue();
      const away = await store.listAway(clock.now());
      return new Map(away.map((a) => [a.accessUserId, a]));
    } catch (error) {
      // Reminders go out as if nobody were away; the next sweep reads it again.
      log.error({ err: error }, 'could not read who is away');
      return new Map();
    }
  }

  async #endDue(): Promise<void> {
    const { store, clock, log } = this.#ctx;
    if (clock.now().getTime() - this.#checkedAt < AWAY_CHECK_MS) return;
    this.#checkedAt = clock.now().getTime();
    const now = () => clock.now();
    await expireAways({ store, log, now, maxDays: MAX_AWAY_DAYS, asks: this.#asks });
  }
}
