import type pg from 'pg';
import { queryFailed, storeClosed } from '../errors.ts';
import { transaction } from './transaction.ts';

export type Query = (text: string, values?: unknown[]) => Promise<pg.QueryResult>;

/**
 * The `pg` pool every table of a PostgresStore shares: calls are refused once it is closed, and
 * pg's errors become StoreErrors.
 */
export class PgDb {
  readonly #pool: pg.Pool;
  #closing: Promise<void> | undefined;

  constructor(pool: pg.Pool) {
    this.#pool = pool;
  }

  query(operation: string, text: string, values?: unknown[]): Promise<pg.QueryResult> {
    return this.#guarded(operation, () => this.#pool.query(text, values));
  }

  async rows(operation: string, text: string, values?: unknown[]): Promise<unknown[]> {
    return (await this.query(operation, text, values)).rows;
  }

  /** Runs `work` on one connection between BEGIN and COMMIT. */
  transaction<T>(operation: string, work: (query: Query) => Promise<T>): Promise<T> {
    return this.#guarded(operation, () =>
      transaction(this.#pool, (client) => work((text, values) => client.query(text, values))),
    );
  }

  /** Ends the pool once; later and concurrent calls wait for the same end. */
  close(): Promise<void> {
    this.#closing ??= this.#pool.end();
    return this.#closing;
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

/** True when the statement changed a row. */
export const changed = (result: pg.QueryResult) => (result.rowCount ?? 0) > 0;
