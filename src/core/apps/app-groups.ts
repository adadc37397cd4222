/**
 * Which groups give an application by default (`GET /UsersGroups/{id}/DefaultWorkApps`) and which
 * hide it (`…/HiddenWorkApps`), for its card. Read for every group at most every five minutes
 * per process, once however many cards ask at the same time (as visibility.ts reads them by
 * member).
 */
import type { AccessClient } from '../../access/client.ts';
import { timedCache } from '../cache.ts';

const TTL_MS = 5 * 60_000;

export interface GroupsOfApp {
  /** Names of the groups that give it by default. */
  defaults: readonly string[];
  /** Names of the groups it is hidden from. */
  hidden: readonly string[];
}

const NONE: GroupsOfApp = { defaults: [], hidden: [] };

export class AppGroups {
  readonly #index;

  constructor(client: AccessClient, now: () => number) {
    this.#index = timedCache({
      ttl: TTL_MS,
      max: 1,
      now,
      load: async () => {
        const index = new Map<string, { defaults: string[]; hidden: string[] }>();
        const add = (appId: string, kind: 'defaults' | 'hidden', group: string) => {
          const entry = index.get(appId) ?? { defaults: [], hidden: [] };
          entry[kind].push(group);
          index.set(appId, entry);
        };
        for await (const group of client.listGroups()) {
          for await (const app of client.listGroupDefaultWorkApps(group.id)) {
            add(app.id, 'defaults', group.name);
          }
          for await (const app of client.listGroupHiddenWorkApps(group.id)) {
            add(app.id, 'hidden', group.name);
          }
        }
        return index;
      },
    });
  }

  async of(appId: string): Promise<GroupsOfApp> {
    return (await this.#index.forceFetch('all')).get(appId) ?? NONE;
  }
}
