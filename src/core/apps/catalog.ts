/**
 * The applications a person may request, for pickers that search as they type: read at most
 * every 30 seconds, else every keystroke would fetch the whole list.
 */
import type { AccessClient } from '../../access/client.ts';
import type { WorkApp } from '../../access/schemas.ts';
import { timedCache } from '../cache.ts';
import { normalize } from '../match.ts';
import { AppGroups } from './app-groups.ts';
import { type Choice, choiceOf } from './choices.ts';

const CATALOG_TTL_MS = 30_000;

export function appMatches(app: WorkApp, search: string): boolean {
  const q = normalize(search);
  return normalize(app.name).includes(q) || normalize(app.description ?? '').includes(q);
}

export class AppCatalog {
  readonly #client: AccessClient;
  readonly groups: AppGroups;
  readonly #apps;

  constructor(client: AccessClient, now: () => number = Date.now) {
    this.#client = client;
    this.groups = new AppGroups(client, now);
    this.#apps = timedCache({
      ttl: CATALOG_TTL_MS,
      max: 1,
      now,
      load: () => Array.fromAsync(client.listWorkApps()),
    });
  }

  hiddenFrom(accessUserId: string): Promise<ReadonlySet<string>> {
    return this.groups.hiddenFrom(accessUserId);
  }

  async appsFor(accessUserId: string): Promise<WorkApp[]> {
    const [apps, hidden] = await Promise.all([
      this.#apps.forceFetch('all'),
      this.hiddenFrom(accessUserId),
    ]);
    return apps.filter((app) => !hidden.has(app.id));
  }

  /** By name or description; sorted by name. */
  async search(accessUserId: string, typed: string, limit: number): Promise<Choice[]> {
    const q = typed.trim();
    return (await this.appsFor(accessUserId))
      .filter((app) => !q || appMatches(app, q))
      .sort((a, b) => a.name.localeCompare(b.name))
      .slice(0, limit)
      .map(choiceOf);
  }

  /** None if the application is hidden. */
  async levels(accessUserId: string, appId: string, typed = ''): Promise<Choice[]> {
    if ((await this.hiddenFrom(accessUserId)).has(appId)) return [];
    const q = normalize(typed);
    const levels = await Array.fromAsync(this.#client.listPermissionLevels(appId));
    return levels.filter((level) => !q || normalize(level.name).includes(q)).map(choiceOf);
  }
}
