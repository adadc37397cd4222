/**
 * Who is polled: every Access user linked to a chat identity on a platform this process serves.
 * A snapshot of the links, refreshed now and then, and the poll schedule kept in step with it.
 * A user new to the schedule is first due at a point of the interval fixed by their id, so a
 * fleet of users (or a fresh start) spreads its load evenly over the interval.
 */
import { createHash } from 'node:crypto';
import type { IdentityLink, LinkStore, PollScheduleStore } from '../store/store.ts';
import type { PollerContext } from './context.ts';

/** Where in [0, 1) a user's polls fall within each interval: stable, and even over many users. */
export function phaseOf(accessUserId: string): number {
  return createHash('sha256').update(accessUserId).digest().readUInt32BE(0) / 2 ** 32;
}

export class LinkedUsers {
  readonly #ctx: PollerContext<LinkStore & PollScheduleStore>;
  readonly #intervalMs: number;
  #byUser = new Map<string, IdentityLink[]>();
  #refreshedAt: number | undefined;

  constructor(ctx: PollerContext<LinkStore & PollScheduleStore>, intervalMs: number) {
    this.#ctx = ctx;
    this.#intervalMs = intervalMs;
  }

  linksOf(accessUserId: string): IdentityLink[] {
    return this.#byUser.get(accessUserId) ?? [];
  }

  /** Their name as the Access Service gave it when they were linked, else their address. */
  nameOf(accessUserId: string): string | undefined {
    const links = this.linksOf(accessUserId);
    return links.find((l) => l.displayName)?.displayName ?? links[0]?.email;
  }

  /** Refreshes when the snapshot is older than `maxAgeMs` (or was never taken). */
  async refreshIfOlder(maxAgeMs: number): Promise<void> {
    const now = this.#ctx.clock.now().getTime();
    if (this.#refreshedAt === undefined || now - this.#refreshedAt >= maxAgeMs) {
      await this.refresh();
    }
  }

  async refresh(): Promise<void> {
    const { store, notifiers, clock, metrics, log } = this.#ctx;
    const served = (await store.listLinks()).filter((link) => notifiers.has(link.platform));
    const byUser = Map.groupBy(served, (link) => link.accessUserId);
    const now = clock.now().getTime();
    const users = [...byUser.keys()].map((accessUserId) => ({
      accessUserId,
      firstDueAt: new Date(now + Math.floor(phaseOf(accessUserId) * this.#intervalMs)),
    }));
    const { added, removed } = await store.syncPollUsers(users);
    if (added || removed)
      log.info({ added, removed, polled: users.length }, 'polled users changed');
    this.#byUser = byUser;
    this.#refreshedAt = now;
    metrics.polledUsers.set(users.length);
  }
}
