import { StoreError } from './errors.ts';

/** Append-only (migrations.ts): a released migration is never edited, not even its spaces. */
export interface Migration {
  readonly version: number;
  readonly sql: string;
}

export interface Dialect {
  sqlite: boolean;
  instant: 'INTEGER' | 'timestamptz';
  json: 'TEXT' | 'jsonb';
  strict: ' STRICT' | '';
  /** The text at `path` in the `ref` column, or NULL. */
  jsonText: (path: string[]) => string;
  /** `id` can be part of a Teams key (the adapter's `[\w-]{1,64}`). */
  validId: (id: string) => string;
  /** `column`'s JSON with `value` (SQL text) at `path`. */
  jsonSet: (column: string, path: string[], value: string) => string;
}

/** An older build must not write to a schema it does not know (e.g. after a rollback). */
export function refuseNewerSchema(applied: number, migrations: readonly Migration[]): void {
  const known = migrations.at(-1)?.version ?? 0;
  if (applied > known) {
    throw new StoreError(
      'STORE_OPEN_FAILED',
      `database schema version ${applied} is newer than this accessbot supports (${known})`,
    );
  }
}
