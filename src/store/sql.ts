/** The store's SQL: values made storable, statements built, records checked in and rows read out. */
import { z } from 'zod';
import { StoreError, type StoreErrorCode } from './errors.ts';

/**
 * PostgreSQL refuses NUL and lone surrogates: a hostile name carrying one would lose an audit
 * entry. They become U+FFFD in both stores, and text is cut so no outside field grows a row.
 */
export const MAX_STORED_CHARS = 16_384;

const REPLACEMENT = '\uFFFD';

/** Cut past `max` characters, never inside a surrogate pair. */
export function storableText(text: string, max = Number.POSITIVE_INFINITY): string {
  const end = max < text.length && /[\ud800-\udbff]/.test(text[max - 1] ?? '') ? max - 1 : max;
  let kept = text.length > max ? text.slice(0, end) : text;
  if (!kept.isWellFormed()) kept = kept.toWellFormed();
  return kept.includes('\0') ? kept.replaceAll('\0', REPLACEMENT) : kept;
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype;

/** Every string in it made storable, keys too. */
export function storable(value: unknown, max = Number.POSITIVE_INFINITY): unknown {
  if (typeof value === 'string') return storableText(value, max);
  if (Array.isArray(value)) return value.map((item) => storable(item, max));
  if (isPlainObject(value)) {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [storableText(key), storable(item, max)]),
    );
  }
  return value;
}

export const storedJson = (value: unknown): string =>
  JSON.stringify(storable(value, MAX_STORED_CHARS));

/**
 * SQL statements as values: text and parameters apart, so one statement serves both databases'
 * placeholders. Parameters are made storable (above): no write fails on a refused code point.
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

export const snake = (field: string) => field.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

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

export interface Written {
  rows: Record<string, unknown>[];
  changes: number;
}

/** SQLite and PostgreSQL behind the same calls. */
export interface SqlDb {
  all(operation: string, statement: Sql): Promise<Record<string, unknown>[]>;
  /** Rows changed. */
  run(operation: string, statement: Sql): Promise<number>;
  /** In one transaction; rows changed by each. */
  batch(operation: string, statements: Sql[]): Promise<number[]>;
  /**
   * In one transaction: `reads` first (their rows locked with `forUpdate`), then the statements
   * `write` makes of their rows, synchronously; each write's rows (RETURNING) and changes.
   */
  readThenWrite(
    operation: string,
    reads: Sql[],
    write: (rows: Record<string, unknown>[][]) => Sql[],
  ): Promise<Written[]>;
  /** PostgreSQL's FOR UPDATE; SQLite's write lock is taken by the transaction itself. */
  readonly forUpdate: Sql;
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
  /** An instant column as whole epoch milliseconds, for arithmetic both databases do alike. */
  epochMs(column: string): Sql;
  close(): Promise<void>;
}

/** Records are checked on the way in (a caller's bug) and on the way out (a damaged database). */
export function checked<T>(
  schema: z.ZodType<T>,
  value: unknown,
  code: Extract<StoreErrorCode, 'STORE_INVALID_INPUT' | 'STORE_CORRUPT_ROW'>,
  what: string,
): T {
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    throw new StoreError(code, `${what} is invalid: ${z.prettifyError(parsed.error)}`, {
      cause: parsed.error,
    });
  }
  return parsed.data;
}

export const checkedInput = <T>(schema: z.ZodType<T>, value: unknown, what: string): T =>
  checked(schema, value, 'STORE_INVALID_INPUT', what);

const fieldOf = (column: string) => column.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
/** Instants sit in the columns named `at` or `…_at`; SQLite keeps them as epoch milliseconds. */
const isInstant = (column: string) => column === 'at' || column.endsWith('_at');

/**
 * A damaged row is a STORE_CORRUPT_ROW, never a record. `json` fields are SQLite text but parsed
 * jsonb from PostgreSQL; `shape` rearranges a record that is not one flat row.
 */
export function rowReader<T>(
  table: string,
  schema: z.ZodType<T>,
  options: { json?: string[]; shape?: (fields: Record<string, unknown>) => unknown } = {},
): (row: unknown) => T {
  const what = `a row of ${table}`;
  return (row) => {
    const fields: Record<string, unknown> = {};
    for (const [column, value] of Object.entries(row as Record<string, unknown>)) {
      const field = fieldOf(column);
      if (isInstant(column) && typeof value === 'number') fields[field] = new Date(value);
      else if (typeof value === 'string' && options.json?.includes(field)) {
        try {
          fields[field] = JSON.parse(value);
        } catch (error) {
          throw new StoreError('STORE_CORRUPT_ROW', `${what} is invalid: ${column} is not JSON`, {
            cause: error,
          });
        }
      } else fields[field] = value;
    }
    return checked(
      schema,
      options.shape ? options.shape(fields) : fields,
      'STORE_CORRUPT_ROW',
      what,
    );
  };
}
