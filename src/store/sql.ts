/**
 * SQL statements as values: ``sql`… ${value} …` `` keeps the text and its parameters apart, so
 * one statement serves both databases, each writing its own placeholders (`?` or `$n`). A
 * `Sql` interpolated into another is spliced in with its parameters.
 */
export class Sql {
  readonly parts: readonly string[];
  readonly values: readonly unknown[];

  constructor(parts: readonly string[], values: readonly unknown[]) {
    this.parts = parts;
    this.values = values;
  }

  /** The text with `placeholder(n)` for the n-th parameter. */
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
      params.push(value);
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

/** A value as a parameter: objects and arrays are stored as JSON, dates as the database keeps them. */
const param = (value: unknown) =>
  value !== null && typeof value === 'object' && !(value instanceof Date)
    ? JSON.stringify(value)
    : value;

/** `INSERT INTO table (…) VALUES (…)` of a record: camelCase fields become snake_case columns. */
export function insert(table: string, record: Record<string, unknown>): Sql {
  const fields = Object.keys(record);
  const values = fields.map((field) => sql`${param(record[field])}`);
  return sql`INSERT INTO ${raw(table)} (${raw(fields.map(snake).join(', '))}) VALUES (${join(values, ', ')})`;
}

/** Inserts the record, or replaces the other columns of the row with the same `key`. */
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

/**
 * A database as the tables see it: SQLite and PostgreSQL behind the same calls. Dates are
 * parameters like any other; each database writes them its own way.
 */
export interface SqlDb {
  /** The rows the statement returns. */
  all(operation: string, statement: Sql): Promise<Record<string, unknown>[]>;
  /** How many rows the statement changed. */
  run(operation: string, statement: Sql): Promise<number>;
  /** Runs the statements in order, in one transaction; how many rows each changed. */
  batch(operation: string, statements: Sql[]): Promise<number[]>;
  /** A list of strings as a table with one column, `value`. */
  list(values: readonly string[]): Sql;
  /** Users and instants as a table `d (id, due)`: the poll schedule's rows to add or update. */
  dues(rows: readonly { id: string; due: Date }[]): Sql;
  /** Finished polls as a table `d (id, due, next_cadence, next_reason, active, polled)`. */
  polls(rows: readonly PollRow[]): Sql;
  /** Lets concurrent claims pass over rows another transaction holds (PostgreSQL's SKIP LOCKED). */
  readonly skipLocked: Sql;
  close(): Promise<void>;
}
