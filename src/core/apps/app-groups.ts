/**
 * Which groups give an application by default and which hide it. Read at most every five minutes
 * (it takes requests per group); when it cannot be read, nothing is offered: a hidden app is never
 * shown because the service was slow.
 */
import type { AccessClient } from '../../access/client.ts';
import type { WorkApp } from '../../access/schemas.ts';
import { timedCache } from '../cache.ts';

const TTL_MS = 5 * 60_000;

const idsOf = async (apps: AsyncIterable<WorkApp>) =>
  new Set(await Array.fromAsync(apps, (app) => app.id));

export class AppGroups {
  readonly #groups;

  constructor(client: AccessClient, now: () => number) {
    this.#groups = timedCache({
      ttl: TTL_MS,
      max: 1,
      now,
      load: async () => {
        const groups = [];
        for await (const { id, name } of client.listGroups()) {
          const defaults = await idsOf(client.listGroupDefaultWorkApps(id));
          const hidden = await idsOf(client.listGroupHiddenWorkApps(id));
          // Members matter only where the group gives or hides something.
          const members = defaults.size || hidden.size ? client.listGroupMembers(id) : [];
          const memberIds = new Set(await Array.fromAsync(members, (m) => m.id));
          groups.push({ name, defaults, hidden, members: memberIds });
        }
        return groups;
      },
    });
  }

  /** Group names. */
  async of(appId: string) {
    const groups = await this.#groups.forceFetch('all');
    const named = (kind: 'defaults' | 'hidden') =>
      groups.filter((g) => g[kind].has(appId)).map((g) => g.name);
    return { defaults: named('defaults'), hidden: named('hidden') };
  }

  async hiddenFrom(accessUserId: string): Promise<ReadonlySet<string>> {
    const groups = await this.#groups.forceFetch('all');
    return new Set(groups.filter((g) => g.members.has(accessUserId)).flatMap((g) => [...g.hidden]));
  }

  async groupsGiving(accessUserId: string, appId: string): Promise<readonly string[]> {
    const groups = await this.#groups.forceFetch('all');
    return groups
      .filter((g) => g.members.has(accessUserId) && g.defaults.has(appId))
      .map((g) => g.name);
  }
}
