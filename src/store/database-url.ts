import { StoreError } from './errors.ts';

/** The PostgreSQL URL is kept whole: it carries the credentials. */
export type DatabaseTarget = { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string };

/** As the README documents it. Messages never echo the URL, which may hold a password. */
export function parseDatabaseUrl(databaseUrl: string): DatabaseTarget {
  if (databaseUrl === '') {
    throw new StoreError('STORE_URL_UNSUPPORTED', 'DATABASE_URL is empty');
  }
  if (/^postgres(ql)?:\/\//i.test(databaseUrl)) return { kind: 'postgres', url: databaseUrl };

  const sqlite = /^sqlite:(.*)$/is.exec(databaseUrl);
  if (sqlite) return { kind: 'sqlite', file: sqliteFile(sqlite[1] ?? '') };

  const scheme = /^([a-z][a-z0-9+.-]*):\/\//i.exec(databaseUrl);
  if (scheme) {
    throw new StoreError(
      'STORE_URL_UNSUPPORTED',
      `DATABASE_URL scheme "${scheme[1]}" is not supported; use postgres://…, sqlite:PATH or a path`,
    );
  }
  return { kind: 'sqlite', file: databaseUrl };
}

/** After `sqlite:`; the `//` form only makes sense with an empty host: `sqlite:///abs`. */
function sqliteFile(rest: string): string {
  if (rest.startsWith('//')) {
    if (rest.startsWith('///')) return rest.slice(2);
    throw new StoreError(
      'STORE_URL_UNSUPPORTED',
      'DATABASE_URL sqlite:// must be followed by an absolute path (sqlite:///abs/path); use sqlite:PATH for a relative one',
    );
  }
  if (rest === '') {
    throw new StoreError('STORE_URL_UNSUPPORTED', 'DATABASE_URL sqlite: names no file');
  }
  return rest;
}

/** For a log line: kind and place, never a user or password. */
export function describeDatabase(databaseUrl: string): string {
  const target = parseDatabaseUrl(databaseUrl);
  if (target.kind === 'sqlite') {
    return target.file === ':memory:' ? 'sqlite in memory' : `sqlite ${target.file}`;
  }
  const url = URL.parse(target.url);
  return url ? `postgres ${url.host}${url.pathname}` : 'postgres';
}
