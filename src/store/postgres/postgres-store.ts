import pg from 'pg';
import { z } from 'zod';
import { auditFilter, auditLimit } from '../audit-query.ts';
import { queryFailed, StoreError, storeClosed } from '../errors.ts';
import { AUDIT_COLUMNS, LINK_COLUMNS, rowCodec } from '../rows.ts';
import type { AuditEntry, AuditQuery, IdentityLink, Platform, Store } from '../store.ts';
import { checkedTaskIds } from '../task-numbering.ts';
import { migrate } from './migrate.ts';
import { migrations } from './migrations.ts';
import { PostgresPollerTables, type Query } from './poller-tables.ts';
import { transaction } from './transaction.ts';

export interface PostgresStoreOptions {
  /** Connections the pool may hold at once. */
  poolSize?: number;
  /**
   * Hears an error of an idle pooled connection (the server restarted, a proxy cut it). pg has
   * already dropped that connection and the next call opens a new one; the store has no logger,
   * so this is how the operator gets to know.
   */
  onError?: (error: Error) => void;
}

const DEFAULT_POOL_SIZE = 10;
/** Without it pg waits forever for an unreachable server, or for a free pooled connection. */
const CONNECT_TIMEOUT_MS = 10_000;

/** pg reads timestamptz as Date and writes Date as timestamptz. */
const codec = rowCodec(z.date(), (date) => date);

/**
 * The store for several replicas: a `pg` pool on one database. Only `PostgresStore.open` builds
 * one, so no caller ever sees an unmigrated schema. Tables live in the connection's search_path,
 * which a URL may set with `?options=-c search_path=NAME`.
 */
export class PostgresStore extends PostgresPollerTables implements Store {
  readonly #pool: pg.Pool;
  #closing: Promise<void> | undefined;

  private constructor(pool: pg.Pool) {
    super();
    this.#pool = pool;
  }

  /** Connects to `url` and applies the migrations; any failure is a STORE_OPEN_FAILED. */
  static async open(url: string, options: PostgresStoreOptions = {}): Promise<PostgresStore> {
    const pool = new pg.Pool({
      connectionString: url,
      max: options.poolSize ?? DEFAULT_POOL_SIZE,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    });
    // Without a listener, an idle connection's error would crash the process.
    pool.on('error', (error) => options.onError?.(error));
    try {
      await migrate(pool, migrations);
      return new PostgresStore(pool);
    } catch (error) {
      await pool.end();
      throw openFailed(url, error);
    }
  }

  async getLink(platform: Platform, chatUserId: string): Promise<IdentityLink | undefined> {
    const rows = await this.#query(
      'getLink',
      'SELECT * FROM identity_links WHERE platform = $1 AND chat_user_id = $2',
      [platform, chatUserId],
    );
    return rows[0] === undefined ? undefined : codec.toLink(rows[0]);
  }

  async saveLink(link: IdentityLink): Promise<void> {
    await this.#query(
      'saveLink',
      `INSERT INTO identity_links (${LINK_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (platform, chat_user_id) DO UPDATE SET
         access_user_id = excluded.access_user_id,
         email = excluded.email,
         display_name = excluded.display_name,
         linked_at = excluded.linked_at`,
      codec.linkValues(link),
    );
  }

  async forgetLink(platform: Platform, chatUserId: string): Promise<void> {
    await this.#query(
      'forgetLink',
      'DELETE FROM identity_links WHERE platform = $1 AND chat_user_id = $2',
      [platform, chatUserId],
    );
  }

  async listLinks(platform?: Platform): Promise<IdentityLink[]> {
    const rows =
      platform === undefined
        ? await this.#query(
            'listLinks',
            'SELECT * FROM identity_links ORDER BY platform, chat_user_id',
          )
        : await this.#query(
            'listLinks',
            'SELECT * FROM identity_links WHERE platform = $1 ORDER BY chat_user_id',
            [platform],
          );
    return rows.map(codec.toLink);
  }

  async appendAudit(entry: AuditEntry): Promise<void> {
    await this.#query(
      'appendAudit',
      `INSERT INTO audit_log (${AUDIT_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
      codec.auditValues(entry),
    );
  }

  async listAudit(query: AuditQuery = {}): Promise<AuditEntry[]> {
    const limit = auditLimit(query.limit);
    const { where, params } = auditFilter(query, (n) => `$${n}`);
    // `id` breaks ties between entries of the same millisecond: the later append is newer.
    const sql = `SELECT * FROM audit_log ${where} ORDER BY at DESC, id DESC LIMIT $${params.length + 1}`;
    const rows = await this.#query('listAudit', sql, [...params, limit]);
    return rows.map(codec.toAudit);
  }

  async saveTaskNumbering(
    platform: Platform,
    chatUserId: string,
    taskIds: string[],
    at: Date,
  ): Promise<void> {
    const ids = JSON.stringify(checkedTaskIds(taskIds, 'STORE_INVALID_INPUT'));
    await this.#query(
      'saveTaskNumbering',
      `INSERT INTO task_numbering (platform, chat_user_id, task_ids, saved_at) VALUES ($1, $2, $3, $4)
       ON CONFLICT (platform, chat_user_id) DO UPDATE SET
         task_ids = excluded.task_ids, saved_at = excluded.saved_at`,
      [platform, chatUserId, ids, at],
    );
  }

  async getTaskNumbering(platform: Platform, chatUserId: string): Promise<string[] | undefined> {
    const rows = await this.#query(
      'getTaskNumbering',
      'SELECT task_ids FROM task_numbering WHERE platform = $1 AND chat_user_id = $2',
      [platform, chatUserId],
    );
    const row = rows[0] as { task_ids: unknown } | undefined;
    return row && checkedTaskIds(row.task_ids, 'STORE_CORRUPT_ROW');
  }

  async ping(): Promise<void> {
    await this.#query('ping', 'SELECT 1');
  }

  /** Ends the pool once; later and concurrent calls wait for the same end. */
  async close(): Promise<void> {
    this.#closing ??= this.#pool.end();
    return this.#closing;
  }

  protected override async query(
    operation: string,
    text: string,
    values?: unknown[],
  ): Promise<pg.QueryResult> {
    return this.#guarded(operation, () => this.#pool.query(text, values));
  }

  protected override async transaction<T>(
    operation: string,
    work: (query: Query) => Promise<T>,
  ): Promise<T> {
    return this.#guarded(operation, () =>
      transaction(this.#pool, (client) => work((text, values) => client.query(text, values))),
    );
  }

  async #query(operation: string, text: string, values?: unknown[]): Promise<unknown[]> {
    return (await this.query(operation, text, values)).rows;
  }

  /** Every call goes through here: refused once closed, and pg's errors become StoreErrors. */
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

/**
 * Names the database, host and port the way pg reads the URL, with pg's or Node's reason, and
 * masks the password in case a message ever quotes it.
 */
function openFailed(url: string, error: unknown): StoreError {
  let target = 'database (DATABASE_URL is not a valid URL: percent-encode special characters)';
  let password = '';
  try {
    const client = new pg.Client(url);
    target = `database "${client.database}" on ${client.host}:${client.port}`;
    password = client.password ?? '';
  } catch {
    // The invalid URL is the reason, already said in `target`.
  }
  const reason = reasonOf(error);
  const shown = password === '' ? reason : reason.replaceAll(password, '***');
  return new StoreError('STORE_OPEN_FAILED', `cannot open PostgreSQL ${target}: ${shown}`, {
    cause: error,
  });
}

/** A refused `localhost` is an AggregateError of one error per address, with an empty message. */
function reasonOf(error: unknown): string {
  if (error instanceof AggregateError) return error.errors.map(reasonOf).join('; ');
  if (!(error instanceof Error)) return String(error);
  return error.message || ((error as NodeJS.ErrnoException).code ?? error.name);
}
