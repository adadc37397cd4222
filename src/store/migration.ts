import { StoreError } from './errors.ts';

/**
 * One step of a store's schema. Each implementation keeps its own append-only list: a released
 * migration is never edited, a change is a new entry with the next version.
 */
export interface Migration {
  readonly version: number;
  readonly sql: string;
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
