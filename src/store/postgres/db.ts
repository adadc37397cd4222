import type pg from 'pg';
import { queryFailed, storeClosed } from '../errors.ts';
import { type PollRow, raw, type Sql, type SqlDb, sql, type Written } from '../sql.ts';
import { transaction } from './transaction.ts';

const dollar = (n: number) => `$${n}`;

/** The `pg` pool of a PostgreSQL store; `SKIP LOCKED` claims never wait for nor share a row. */
export class PgDb implements SqlDb {
  readonly #pool: pg.Pool;
  #closing: Promise<void> | undefined;
  readonly skipLocked = sql`FOR UPDATE SKIP LOCKED`;
  readonly forUpdate = sql`FOR UPDATE`;

  constructor(pool: pg.Pool) {
    this.#pool = pool;
  }

  async all(operation: string, statement: Sql) {
    return (await this.#query(operation, statement)).rows;
  }

  async run(operation: string, statement: Sql) {
    return (await this.#query(operation, statement)).rowCount ?? 0;
  }

  batch(operation: string, statements: Sql[]) {
    return this.#guarded(operation, () =>
      transaction(this.#pool, async (client) => {
        const changes: number[] = [];
        for (const statement of statements) {
          const result = await client.query(statement.text(dollar), [...statement.values]);
          changes.push(result.rowCount ?? 0);
        }
        return changes;
      }),
    );
  }

  readThenWrite(
    operation: string,
    reads: Sql[],
    write: (rows: Record<string, unknown>[][]) => Sql[],
  ): Promise<Written[]> {
    return this.#guarded(operation, () =>
      transaction(this.#pool, async (client) => {
        const query = (statement: Sql) =>
          client.query(statement.text(dollar), [...statement.values]);
        const read: Record<string, unknown>[][] = [];
        for (const statement of reads) read.push((await query(statement)).rows);
        const written: Written[] = [];
        for (const statement of write(read)) {
          const result = await query(statement);
          written.push({ rows: result.rows, changes: result.rowCount ?? 0 });
        }
        return written;
      }),
    );
  }

  /** PostgreSQL plans from its statistics. */
  indexedBy() {
    return raw('');
  }

  epochMs(column: string) {
    return raw(`CAST(floor(extract(epoch FROM ${column}) * 1000) AS bigint)`);
  }

  list(values: readonly string[]) {
    return sql`unnest(${values}::text[]) AS value`;
  }

  dues(rows: readonly { id: string; due: Date }[]) {
    const ids = rows.map((row) => row.id);
    return sql`unnest(${ids}::text[], ${rows.map((row) => row.due)}::timestamptz[]) AS d (id, due)`;
  }

  polls(rows: readonly PollRow[]) {
    const column = <K extends keyof PollRow>(key: K) => rows.map((row) => row[key]);
    return sql`unnest(${column('id')}::text[], ${column('due')}::timestamptz[],
      ${column('cadence')}::text[], ${column('reason')}::text[], ${column('active')}::timestamptz[],
      ${column('polled')}::timestamptz[]) AS d (id, due, next_cadence, next_reason, active, polled)`;
  }

  /** Concurrent calls wait for the same end. */
  close(): Promise<void> {
    this.#closing ??= this.#pool.end();
    return this.#closing;
  }

  #query(operation: string, statement: Sql): Promise<pg.QueryResult> {
    return this.#guarded(operation, () =>
      this.#pool.query(statement.text(dollar), [...statement.values]),
    );
  }

  async #guarded<T>(operation: string, work: () => Promise<T>): Promise<T> {
    if (this.#closing) throw storeClosed(operation);
    try {
      return await work();
    } catch (error) {
      // A call still queued for a connection when `close()` ended the pool times out: report
      // the shutdown race, not pg's wording.
      throw this.#closing ? storeClosed(operation) : queryFailed(operation, error);
    }
  }
}
