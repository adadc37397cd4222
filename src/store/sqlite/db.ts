import type { DatabaseSync, StatementSync } from 'node:sqlite';
import { queryFailed, storeClosed } from '../errors.ts';

/**
 * The one `node:sqlite` connection every table of a SqliteStore shares: calls are refused once it
 * is closed, SQLite's errors become StoreErrors, and each statement is compiled once (a sweep runs
 * the same statements thousands of times).
 */
export class SqliteDb {
  readonly #db: DatabaseSync;
  readonly #statements = new Map<string, StatementSync>();
  #closed = false;

  constructor(db: DatabaseSync) {
    this.#db = db;
  }

  /** Runs one store call. */
  run<T>(operation: string, work: () => T): T {
    if (this.#closed) throw storeClosed(operation);
    try {
      return work();
    } catch (error) {
      throw queryFailed(operation, error);
    }
  }

  /** The compiled statement for `sql`, compiled on first use. */
  statement(sql: string): StatementSync {
    let statement = this.#statements.get(sql);
    if (!statement) {
      statement = this.#db.prepare(sql);
      this.#statements.set(sql, statement);
    }
    return statement;
  }

  /**
   * Runs `work` in an IMMEDIATE transaction: it takes the write lock at once, so processes
   * sharing the file see the whole of it as one atomic step.
   */
  transaction<T>(work: () => T): T {
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

  close(): void {
    if (this.#closed) return;
    this.#closed = true;
    this.#db.close();
  }
}
