/**
 * Absences as a sweep sees them: who is away, read once a sweep (few are), after the absences
 * whose day has come are ended — at most once a minute on each replica, each absence once
 * wherever (core/away/away.ts audits it and has its cards edited).
 */

import type { TellAsks } from '../core/asks/tell.ts';
import { expireAways } from '../core/away/away.ts';
import type { Away } from '../store/store.ts';
import type { PollerContext } from './context.ts';

/** How often a replica ends the absences whose day has come: they end within this. */
const AWAY_CHECK_MS = 60_000;

/** Who is away now, by Access user; nobody when the store cannot say (logged). */
export function absences(ctx: PollerContext, asks: TellAsks): () => Promise<Map<string, Away>> {
  const { store, clock, log } = ctx;
  let checkedAt = Number.NEGATIVE_INFINITY;
  const endDue = async () => {
    if (clock.now().getTime() - checkedAt < AWAY_CHECK_MS) return;
    checkedAt = clock.now().getTime();
    const now = () => clock.now();
    await expireAways({ store, log, now, asks });
  };
  return async () => {
    try {
      await endDue();
      const away = await store.listAway(clock.now());
      return new Map(away.map((a) => [a.accessUserId, a]));
    } catch (error) {
      // Reminders go out as if nobody were away; the next sweep reads it again.
      log.error({ err: error }, 'could not read who is away');
      return new Map();
    }
  };
}
