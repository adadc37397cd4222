/**
 * Who is polled: every Access user linked to a chat identity on a platform this process serves.
 * The schedule is kept in step with the links in the store, which reads only the people new to
 * it; a person's links are read when they are polled, so memory does not grow with the
 * organisation. A user new to the schedule is first due at a point of the interval fixed by
 * their id, so a fleet of users (or a fresh start) spreads its load evenly over the interval.
 */
import { createHash } from 'node:crypto';
import type { IdentityLink, LinkStore, PollScheduleStore } from '../store/store.ts';
import type { PollerContext } from './context.ts';

/** Where in [0, 1) a user's polls fall within each interval: stable, and even over many users. */
export function phaseOf(accessUserId: string): number {
  return createHash('sha256').update(accessUserId).digest().readUInt32BE(0) / 2 ** 32;
}

/** The links of these Access users on the platforms this process serves. */
export async function servedLinks(
  { store, notifiers }: Pick<PollerContext<LinkStore>, 'store' | 'notifiers'>,
  accessUserIds: Iterable<string>,
): Promise<IdentityLink[]> {
  const each = await Promise.all([...new Set(accessUserIds)].map((id) => store.listLinksOf(id)));
  return each.flat().filter((link) => notifiers.has(link.platform));
}

export class LinkedUsers {
  readonly #ctx: PollerContext<LinkStore & PollScheduleStore>;
  readonly #intervalMs: number;
  #refreshedAt: number | undefined;

  constructor(ctx: PollerContext<LinkStore & PollScheduleStore>, intervalMs: number) {
    this.#ctx = ctx;
    this.#intervalMs = intervalMs;
  }

  /** Their links on the platforms served. */
  linksOf(accessUserId: string): Promise<IdentityLink[]> {
    return servedLinks(this.#ctx, [accessUserId]);
  }

  /** Refreshes when the last refresh is older than `maxAgeMs` (or there was none). */
  async refreshIfOlder(maxAgeMs: number): Promise<void> {
    const now = this.#ctx.clock.now().getTime();
    if (this.#refreshedAt === undefined || now - this.#refreshedAt >= maxAgeMs) {
      await this.refresh();
    }
  }

  async refresh(): Promise<void> {
    const { store, notifiers, clock, metrics, log } = this.#ctx;
    const now = clock.now().getTime();
    const firstDueAt = (id: string) => new Date(now + Math.floor(phaseOf(id) * this.#intervalMs));
    const { added, removed, polled } = await store.syncPollUsers([...notifiers.keys()], firstDueAt);
    if (added || removed) log.info({ added, removed, polled }, 'polled users changed');
    this.#refreshedAt = now;
    metrics.polledUsers.set(polled);
  }
}
