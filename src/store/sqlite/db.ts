import type { DatabaseSync, SQLInputValue, StatementSync } from 'node:sqlite';
import { LRUCache } from 'lru-cache';
import { queryFailed, storeClosed } from '../errors.ts';
import { type PollRow, raw, type Sql, type SqlDb, sql, storedJson, type Written } from '../sql.ts';

/** Dates are INTEGER epoch milliseconds, so they compare and sort as numbers. */
const bind = (statement: Sql) =>
  statement.values.map((value) =>
    value instanceof Date ? value.getTime() : value,
  ) as SQLInputValue[];

/**
 * The one `node:sqlite` connection of a SQLite store. Statements are kept prepared (a sweep runs
 * the same ones thousands of times). A write takes the file's lock, so there is nothing to skip.
 */
export class SqliteDb implements SqlDb {
  readonly #db: DatabaseSync;
  /** Bounded: an audit query's `IN (…)` lists make a text per length. */
  readonly #statements = new LRUCache<string, StatementSync>({
    max: 500,
    memoMethod: (text) => this.#db.prepare(text),
  });
  #closed = false;
  readonly skipLocked = raw('');
  readonly forUpdate = raw('');

  constructor(db: DatabaseSync) {
    this.#db = db;
  }

  async all(operation: string, statement: Sql) {
    return this.#run(operation, () => this.#rows(statement));
  }

  async run(operation: string, statement: Sql) {
    return this.#run(operation, () => this.#change(statement));
  }

  /** IMMEDIATE takes the write lock at once: processes sharing the file see one atomic step. */
  async batch(operation: string, statements: Sql[]) {
    return this.#run(operation, () =>
      this.#immediate(() => statements.map((statement) => this.#change(statement))),
    );
  }

  /** Synchronous from BEGIN to COMMIT: nothing else on this connection runs in between. */
  async readThenWrite(
    operation: string,
    reads: Sql[],
    write: (rows: Record<string, unknown>[][]) => Sql[],
  ): Promise<Written[]> {
    return this.#run(operation, () =>
      this.#immediate(() => {
        const read = reads.map((statement) => this.#rows(statement));
        return write(read).map((statement) => {
          const prepared = this.#prepare(statement);
          if (!prepared.columns().length) return { rows: [], changes: this.#change(statement) };
          const rows = this.#rows(statement);
          return { rows, changes: rows.length };
        });
      }),
    );
  }

  #immediate<T>(work: () => T): T {
    this.#db.exec('BEGIN IMMEDIATE');
    try {
      const result = work();
      this.#db.exec('COMMIT');
      return result;
    } catch (error) {
      this.#db.exec('ROLLBACK');
      throw error;
    }
  }

  #rows(statement: Sql) {
    return this.#prepare(statement).all(...bind(statement)) as Record<string, unknown>[];
  }

  indexedBy(index: string) {
    return raw(`INDEXED BY ${index}`);
  }

  /** Kept as epoch milliseconds already. */
  epochMs(column: string) {
    return raw(column);
  }

  list(values: readonly string[]) {
    return sql`json_each(${storedJson(values)})`;
  }

  dues(rows: readonly { id: string; due: Date }[]) {
    const pairs = storedJson(rows.map((row) => [row.id, row.due.getTime()]));
    return sql`(SELECT value ->> 0 AS id, value ->> 1 AS due FROM json_each(${pairs})) AS d`;
  }

  polls(rows: readonly PollRow[]) {
    const time = (date: Date | null) => date?.getTime() ?? null;
    const tuples = rows.map((r) => [
      r.id,
      time(r.due),
      r.cadence,
      r.reason,
      time(r.active),
      time(r.polled),
    ]);
    return sql`(SELECT value ->> 0 AS id, value ->> 1 AS due, value ->> 2 AS next_cadence,
      value ->> 3 AS next_reason, value ->> 4 AS active, value ->> 5 AS polled
      FROM json_each(${storedJson(tuples)})) AS d`;
  }

  async close() {
    if (this.#closed) return;
    this.#closed = true;
    this.#db.close();
  }

  #run<T>(operation: string, work: () => T): T {
    if (this.#closed) throw storeClosed(operation);
    try {
      return work();
    } catch (error) {
      throw queryFailed(operation, error);
    }
  }

  #change(statement: Sql): number {
    return Number(this.#prepare(statement).run(...bind(statement)).changes);
  }

  #prepare(statement: Sql): StatementSync {
    return this.#statements.memo(statement.parts.join('?'));
  }
}
