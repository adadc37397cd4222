/**
 * What a person's groups say about applications: which are hidden from them
 * (`GET /UsersGroups/{id}/HiddenWorkApps`) and which their groups give by default
 * (`…/DefaultWorkApps`). Who is in which group, and what each group hides or gives, changes
 * rarely and takes one request per group to learn, so each is read at most every five minutes per
 * process, once however many people ask at the same time. When the hidden apps cannot be read,
 * nothing is offered: a hidden app is never shown because the service was slow.
 */
import type { AccessClient } from '../../access/client.ts';
import type { UsersGroup, WorkApp } from '../../access/schemas.ts';
import { timedCache } from '../cache.ts';

const INDEX_TTL_MS = 5 * 60_000;

/** Access user → application id → the groups of theirs that name it. */
type GroupIndex = ReadonlyMap<string, ReadonlyMap<string, readonly string[]>>;

/** Indexes, by member, the applications each group names in `appsOf` (hidden, or default). */
function groupIndex(
  client: AccessClient,
  appsOf: (groupId: string) => AsyncGenerator<WorkApp>,
  now: () => number,
) {
  const build = async (): Promise<GroupIndex> => {
    const index = new Map<string, Map<string, string[]>>();
    const add = (member: string, group: UsersGroup, appIds: readonly string[]) => {
      const apps = index.get(member) ?? new Map<string, string[]>();
      for (const id of appIds) apps.set(id, [...(apps.get(id) ?? []), group.name]);
      index.set(member, apps);
    };
    for await (const group of client.listGroups()) {
      const apps = (await Array.fromAsync(appsOf(group.id))).map((app) => app.id);
      if (!apps.length) continue;
      for await (const member of client.listGroupMembers(group.id)) add(member.id, group, apps);
    }
    return index;
  };
  const cache = timedCache({ ttl: INDEX_TTL_MS, max: 1, now, load: build });
  return async (accessUserId: string) =>
    (await cache.forceFetch('all')).get(accessUserId) ?? new Map<string, readonly string[]>();
}

export class AppVisibility {
  readonly #hidden;

  constructor(client: AccessClient, now: () => number) {
    this.#hidden = groupIndex(client, (id) => client.listGroupHiddenWorkApps(id), now);
  }

  /** The ids of the WorkApps hidden from this Access user. */
  async hiddenFrom(accessUserId: string): Promise<ReadonlySet<string>> {
    return new Set((await this.#hidden(accessUserId)).keys());
  }
}

export class DefaultApps {
  readonly #defaults;

  constructor(client: AccessClient, now: () => number) {
    this.#defaults = groupIndex(client, (id) => client.listGroupDefaultWorkApps(id), now);
  }

  /** The names of this Access user's groups that give them `appId` by default. */
  async groupsGiving(accessUserId: string, appId: string): Promise<readonly string[]> {
    return (await this.#defaults(accessUserId)).get(appId) ?? [];
  }
}
