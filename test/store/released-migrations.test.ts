/**
 * A released migration is never edited: every schema step as it was released
 * (released-migrations.json, each step's exact text) is still the same step, at the same place
 * and with the same version, for SQLite and PostgreSQL. New steps may follow; once released, they
 * join the file.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Migration } from '../../src/store/migration.ts';
import { postgresMigrations, sqliteMigrations } from '../../src/store/migrations.ts';

const released: Record<'sqlite' | 'postgres', Migration[]> = JSON.parse(
  readFileSync(new URL('./released-migrations.json', import.meta.url), 'utf8'),
);

describe.each([
  ['sqlite', sqliteMigrations],
  ['postgres', postgresMigrations],
] as const)('the %s schema', (dialect, migrations) => {
  it('keeps every released step, byte for byte, in its order and with its version', () => {
    const steps = released[dialect];
    expect(steps.length).toBeGreaterThan(20);
    expect(migrations.slice(0, steps.length)).toEqual(steps);
  });
});
