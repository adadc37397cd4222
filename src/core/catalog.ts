/**
 * The applications people may request, for pickers that search as the person types: read from
 * the Access Service at most every 30 seconds per process (every keystroke would otherwise fetch
 * the whole list), and the permission levels of one application.
 */
import type { AccessClient } from '../access/client.ts';
import type { WorkApp } from '../access/schemas.ts';
import { type Choice, choiceOf } from './choices.ts';
import { normalize } from './match.ts';

const CATALOG_TTL_MS = 30_000;

export function appMatches(app: WorkApp, search: string): boolean {
  const q = normalize(search);
  return normalize(app.name).includes(q) || normalize(app.description ?? '').includes(q);
}

export class AppCatalog {
  readonly #client: AccessClient;
  readonly #now: () => number;
  #cached: { at: number; apps: Promise<WorkApp[]> } | undefined;

  constructor(client: AccessClient, now: () => number = Date.now) {
    this.#client = client;
    this.#now = now;
  }

  apps(): Promise<WorkApp[]> {
    if (this.#cached && this.#now() - this.#cached.at < CATALOG_TTL_MS) return this.#cached.apps;
    const apps = Array.fromAsync(this.#client.listWorkApps());
    const entry = { at: this.#now(), apps };
    this.#cached = entry;
    apps.catch(() => {
      if (this.#cached === entry) this.#cached = undefined;
    });
    return apps;
  }

  /** Applications whose name or description contains what was typed, by name. */
  async search(typed: string, limit: number): Promise<Choice[]> {
    const q = typed.trim();
    return (await this.apps())
      .filter((app) => !q || appMatches(app, q))
      .sort((a, b) => a.name.localeCompare(b.name))
      .slice(0, limit)
      .map(choiceOf);
  }

  /** Permission levels of one application whose name contains what was typed. */
  async levels(appId: string, typed = ''): Promise<Choice[]> {
    const q = normalize(typed);
    const levels = await Array.fromAsync(this.#client.listPermissionLevels(appId));
    return levels.filter((level) => !q || normalize(level.name).includes(q)).map(choiceOf);
  }
}
