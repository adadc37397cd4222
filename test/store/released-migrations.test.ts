/**
 * A released migration is never edited: every schema step as it was released (test/store/released/,
 * one `-- migration N` line before each step's exact text) is still the same step, at the same
 * place, for SQLite and PostgreSQL. New steps may follow; once released, add them to the files.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Migration } from '../../src/store/migration.ts';
import { postgresMigrations, sqliteMigrations } from '../../src/store/migrations.ts';

const released = (dialect: string): Migration[] =>
  readFileSync(new URL(`./released/${dialect}.sql`, import.meta.url), 'utf8')
    .split(/^-- migration (\d+)\n/m)
    .slice(1)
    .flatMap((part, i, parts) =>
      i % 2 === 0 ? [{ version: Number(part), sql: parts[i + 1].slice(0, -1) }] : [],
    );

describe.each([
  ['sqlite', sqliteMigrations],
  ['postgres', postgresMigrations],
])('the %s schema', (dialect, migrations) => {
  it('keeps every released step, byte for byte, in its order and with its version', () => {
    const steps = released(dialect);
    expect(steps.length).toBeGreaterThan(20);
    expect(migrations.slice(0, steps.length)).toEqual(steps);
  });
});
