import { MAX_STORED_CHARS, storable, storableText, storedJson } from './storable.ts';

/**
 * SQL statements as values: text and parameters apart, so one statement serves both databases'
 * placeholders. Parameters are made storable (storable.ts): no write fails on a refused code point.
 */
export class Sql {
  readonly parts: readonly string[];
  readonly values: readonly unknown[];

  constructor(parts: readonly string[], values: readonly unknown[]) {
    this.parts = parts;
    this.values = values;
  }

  text(placeholder: (n: number) => string): string {
    let text = this.parts[0] ?? '';
    for (let i = 1; i < this.parts.length; i++) text += placeholder(i) + this.parts[i];
    return text;
  }
}

export function sql(strings: TemplateStringsArray, ...values: unknown[]): Sql {
  const parts: string[] = [];
  const params: unknown[] = [];
  let text = strings[0] ?? '';
  for (let i = 0; i < values.length; i++) {
    const value = values[i];
    if (value instanceof Sql) {
      text += value.parts[0];
      for (let j = 0; j < value.values.length; j++) {
        parts.push(text);
        params.push(value.values[j]);
        text = value.parts[j + 1] ?? '';
      }
    } else {
      parts.push(text);
      params.push(storable(value));
      text = '';
    }
    text += strings[i + 1];
  }
  parts.push(text);
  return new Sql(parts, params);
}

/** Trusted text spliced in as it is: names and keywords, never a value. */
export const raw = (text: string) => new Sql([text], []);

export const join = (items: readonly Sql[], separator: string) =>
  items.reduce((all, item, i) => (i === 0 ? item : sql`${all}${raw(separator)}${item}`), raw(''));

const snake = (field: string) => field.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

const param = (value: unknown) =>
  typeof value === 'string'
    ? storableText(value, MAX_STORED_CHARS)
    : value !== null && typeof value === 'object' && !(value instanceof Date)
      ? storedJson(value)
      : value;

/** camelCase fields become snake_case columns. */
export function insert(table: string, record: Record<string, unknown>): Sql {
  const fields = Object.keys(record);
  const values = fields.map((field) => sql`${param(record[field])}`);
  return sql`INSERT INTO ${raw(table)} (${raw(fields.map(snake).join(', '))}) VALUES (${join(values, ', ')})`;
}

export function upsert(table: string, record: Record<string, unknown>, key: string[]): Sql {
  const set = Object.keys(record)
    .map(snake)
    .filter((column) => !key.includes(column))
    .map((column) => `${column} = excluded.${column}`);
  return sql`${insert(table, record)} ON CONFLICT (${raw(key.join(', '))}) DO UPDATE SET ${raw(set.join(', '))}`;
}

/** One finished poll as `SqlDb.polls` takes it; null: left as it was. */
export interface PollRow {
  id: string;
  due: Date;
  cadence: string | null;
  reason: string | null;
  active: Date | null;
  polled: Date | null;
}

/** SQLite and PostgreSQL behind the same calls. */
export interface SqlDb {
  all(operation: string, statement: Sql): Promise<Record<string, unknown>[]>;
  /** Rows changed. */
  run(operation: string, statement: Sql): Promise<number>;
  /** In one transaction; rows changed by each. */
  batch(operation: string, statements: Sql[]): Promise<number[]>;
  /** A table with one column, `value`. */
  list(values: readonly string[]): Sql;
  /** A table `d (id, due)`. */
  dues(rows: readonly { id: string; due: Date }[]): Sql;
  /** A table `d (id, due, next_cadence, next_reason, active, polled)`. */
  polls(rows: readonly PollRow[]): Sql;
  /** PostgreSQL's SKIP LOCKED: concurrent claims pass over held rows. */
  readonly skipLocked: Sql;
  /** Holds SQLite's planner to this index, where it guesses wrong. */
  indexedBy(index: string): Sql;
  close(): Promise<void>;
}
