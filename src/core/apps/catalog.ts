/**
 * The applications a person may request, for pickers that search as the person types: read from
 * the Access Service at most every 30 seconds per process (every keystroke would otherwise fetch
 * the whole list), less those hidden from the person's groups; and the permission levels of one
 * application.
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

  /** The ids of the applications hidden from this person. */
  hiddenFrom(accessUserId: string): Promise<ReadonlySet<string>> {
    return this.groups.hiddenFrom(accessUserId);
  }

  /** Every application this person may see. */
  async appsFor(accessUserId: string): Promise<WorkApp[]> {
    const [apps, hidden] = await Promise.all([
      this.#apps.forceFetch('all'),
      this.hiddenFrom(accessUserId),
    ]);
    return apps.filter((app) => !hidden.has(app.id));
  }

  /** This person's applications whose name or description contains what was typed, by name. */
  async search(accessUserId: string, typed: string, limit: number): Promise<Choice[]> {
    const q = typed.trim();
    return (await this.appsFor(accessUserId))
      .filter((app) => !q || appMatches(app, q))
      .sort((a, b) => a.name.localeCompare(b.name))
      .slice(0, limit)
      .map(choiceOf);
  }

  /** Permission levels of one application whose name contains what was typed; none if hidden. */
  async levels(accessUserId: string, appId: string, typed = ''): Promise<Choice[]> {
    if ((await this.hiddenFrom(accessUserId)).has(appId)) return [];
    const q = normalize(typed);
    const levels = await Array.fromAsync(this.#client.listPermissionLevels(appId));
    return levels.filter((level) => !q || normalize(level.name).includes(q)).map(choiceOf);
  }
}
