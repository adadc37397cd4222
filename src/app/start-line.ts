/**
 * The first log line of a start: what this process is about to serve, at a glance (the Access
 * Service URL with its path, so a missing `/api/v1` shows; never a secret).
 */
import { describeDatabase } from '../store/database-url.ts';
import type { Config } from './config.ts';

/** A URL as it may be logged: origin and path, never a user name, password or query. */
export function shownUrl(url: string): string {
  const { origin, pathname } = new URL(url);
  return `${origin}${pathname}`;
}

export function startLine(config: Config) {
  const platforms = [
    ...(config.slack ? [config.slack.appToken ? 'slack (socket mode)' : 'slack (http)'] : []),
    ...(config.teams ? [config.teams.anonymous ? 'teams (anonymous)' : 'teams'] : []),
  ];
  return {
    access: config.access ? shownUrl(config.access.url) : 'embedded sandbox',
    store: describeDatabase(config.databaseUrl),
    platforms: platforms.length ? platforms : ['terminal chat'],
    ...(config.teams && { tenants: config.teams.allowedTenants }),
    ...(platforms.length && { listen: `${config.host ?? '0.0.0.0'}:${config.port}` }),
  };
}
