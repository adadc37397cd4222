/**
 * The replay guard's one statement, shared by both stores: a key is new when it is inserted, or
 * when the row already there has expired (then it is claimed afresh). Expired rows are therefore
 * harmless, and are deleted in bulk now and then instead of on every request.
 */
export const REPLAY_CLAIM_SQL = (key: string, forgetAfter: string, now: string) =>
  `INSERT INTO replay_guard (key, forget_after) VALUES (${key}, ${forgetAfter})
   ON CONFLICT (key) DO UPDATE SET forget_after = excluded.forget_after
   WHERE replay_guard.forget_after < ${now}`;

/** How often expired keys are deleted. */
const PRUNE_EVERY_MS = 60_000;

/** When a store should next delete the expired keys: once per minute of the callers' clock. */
export class PruneSchedule {
  #next = Number.NEGATIVE_INFINITY;

  due(now: Date): boolean {
    const at = now.getTime();
    if (at < this.#next) return false;
    this.#next = at + PRUNE_EVERY_MS;
    return true;
  }
}
