/**
 * Which applications a person may see: every WorkApp except those hidden from one of their
 * groups (`GET /UsersGroups/{id}/HiddenWorkApps`). Who is in which group, and what each group
 * hides, changes rarely and takes one request per group to learn, so it is read at most every
 * five minutes per process, once however many people ask at the same time. When it cannot be
 * read, nothing is offered: a hidden app is never shown because the service was slow.
 */
import type { AccessClient } from '../access/client.ts';
import { timedCache } from './cache.ts';

const INDEX_TTL_MS = 5 * 60_000;

type HiddenIndex = ReadonlyMap<string, ReadonlySet<string>>;

export class AppVisibility {
  readonly #client: AccessClient;
  readonly #index;

  constructor(client: AccessClient, now: () => number) {
    this.#client = client;
    this.#index = timedCache({ ttl: INDEX_TTL_MS, max: 1, now, load: () => this.#build() });
  }

  /** The ids of the WorkApps hidden from this Access user. */
  async hiddenFrom(accessUserId: string): Promise<ReadonlySet<string>> {
    return (await this.#index.forceFetch('all')).get(accessUserId) ?? new Set();
  }

  async #build(): Promise<HiddenIndex> {
    const index = new Map<string, Set<string>>();
    for await (const group of this.#client.listGroups()) {
      const hidden = (await Array.fromAsync(this.#client.listGroupHiddenWorkApps(group.id))).map(
        (app) => app.id,
      );
      if (!hidden.length) continue;
      for await (const member of this.#client.listGroupMembers(group.id)) {
        const set = index.get(member.id) ?? new Set<string>();
        for (const id of hidden) set.add(id);
        index.set(member.id, set);
      }
    }
    return index;
  }
}
