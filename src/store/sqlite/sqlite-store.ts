import { resolve } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { z } from 'zod';
import { auditFilter, auditLimit } from '../audit-query.ts';
import { queryFailed, StoreError, storeClosed } from '../errors.ts';
import { AUDIT_COLUMNS, LINK_COLUMNS, rowCodec } from '../rows.ts';
import type { AuditEntry, AuditQuery, IdentityLink, Platform, Store } from '../store.ts';
import { checkedTaskIds } from '../task-numbering.ts';
import { migrate } from './migrate.ts';
import { migrations } from './migrations.ts';
import { SqlitePollerTables } from './poller-tables.ts';
import { preparePrivateFile } from './private-file.ts';

/** How long a write waits for another connection's lock (another process on the same file). */
const BUSY_TIMEOUT_MS = 5000;
const MEMORY = ':memory:';
/** SQLite's result code when the file itself cannot be opened or created. */
const SQLITE_CANTOPEN = 14;
/** Dates are stored as INTEGER epoch milliseconds. */
const codec = rowCodec(
  z.number().transform((ms) => new Date(ms)),
  (date) => date.getTime(),
);

/**
 * The default store: one synchronous `node:sqlite` connection behind the async port. Only
 * `SqliteStore.open` builds one, so no caller ever sees an unmigrated database.
 */
export class SqliteStore extends SqlitePollerTables implements Store {
  readonly #db: DatabaseSync;
  #closed = false;

  private constructor(db: DatabaseSync) {
    super();
    this.#db = db;
  }

  /**
   * Opens `file` (creating it and its directory, owner-only) or `:memory:`, then applies the
   * pragmas and migrations. Any failure is a STORE_OPEN_FAILED naming the file and the reason,
   * for the operator.
   */
  static open(file: string): SqliteStore {
    const inMemory = file === MEMORY;
    const shown = inMemory ? MEMORY : resolve(file);
    let db: DatabaseSync | undefined;
    try {
      if (!inMemory) preparePrivateFile(shown);
      db = new DatabaseSync(file);
      db.exec(`PRAGMA busy_timeout = ${BUSY_TIMEOUT_MS}`);
      // WAL lets readers run while the poller writes; `:memory:` silently keeps its own mode.
      db.exec('PRAGMA journal_mode = WAL');
      db.exec('PRAGMA foreign_keys = ON');
      migrate(db, migrations);
      return new SqliteStore(db);
    } catch (error) {
      db?.close();
      throw new StoreError(
        'STORE_OPEN_FAILED',
        `cannot open SQLite database ${shown}: ${openFailureReason(error)}`,
        { cause: error },
      );
    }
  }

  async getLink(platform: Platform, chatUserId: string): Promise<IdentityLink | undefined> {
    return this.#query('getLink', (db) => {
      const row = db
        .prepare('SELECT * FROM identity_links WHERE platform = ? AND chat_user_id = ?')
        .get(platform, chatUserId);
      return row === undefined ? undefined : codec.toLink(row);
    });
  }

  async saveLink(link: IdentityLink): Promise<void> {
    const values = codec.linkValues(link);
    this.#query('saveLink', (db) => {
      db.prepare(
        `INSERT OR REPLACE INTO identity_links (${LINK_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?)`,
      ).run(...values);
    });
  }

  async forgetLink(platform: Platform, chatUserId: string): Promise<void> {
    this.#query('forgetLink', (db) => {
      db.prepare('DELETE FROM identity_links WHERE platform = ? AND chat_user_id = ?').run(
        platform,
        chatUserId,
      );
    });
  }

  async listLinks(platform?: Platform): Promise<IdentityLink[]> {
    return this.#query('listLinks', (db) => {
      const rows =
        platform === undefined
          ? db.prepare('SELECT * FROM identity_links ORDER BY platform, chat_user_id').all()
          : db
              .prepare('SELECT * FROM identity_links WHERE platform = ? ORDER BY chat_user_id')
              .all(platform);
      return rows.map(codec.toLink);
    });
  }

  async appendAudit(entry: AuditEntry): Promise<void> {
    const values = codec.auditValues(entry);
    this.#query('appendAudit', (db) => {
      db.prepare(`INSERT INTO audit_log (${AUDIT_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`).run(
        ...values,
      );
    });
  }

  async listAudit(query: AuditQuery = {}): Promise<AuditEntry[]> {
    const limit = auditLimit(query.limit);
    const { where, params } = auditFilter(query, () => '?');
    return this.#query('listAudit', (db) => {
      // `id` breaks ties between entries of the same millisecond: the later append is newer.
      const sql = `SELECT * FROM audit_log ${where} ORDER BY at DESC, id DESC LIMIT ?`;
      return db
        .prepare(sql)
        .all(...params, limit)
        .map(codec.toAudit);
    });
  }

  async saveTaskNumbering(
    platform: Platform,
    chatUserId: string,
    taskIds: string[],
    at: Date,
  ): Promise<void> {
    const ids = JSON.stringify(checkedTaskIds(taskIds, 'STORE_INVALID_INPUT'));
    this.#query('saveTaskNumbering', (db) => {
      db.prepare(
        'INSERT OR REPLACE INTO task_numbering (platform, chat_user_id, task_ids, saved_at) VALUES (?, ?, ?, ?)',
      ).run(platform, chatUserId, ids, at.getTime());
    });
  }

  async getTaskNumbering(platform: Platform, chatUserId: string): Promise<string[] | undefined> {
    return this.#query('getTaskNumbering', (db) => {
      const row = db
        .prepare('SELECT task_ids FROM task_numbering WHERE platform = ? AND chat_user_id = ?')
        .get(platform, chatUserId) as { task_ids: string } | undefined;
      return row && checkedTaskIds(JSON.parse(row.task_ids), 'STORE_CORRUPT_ROW');
    });
  }

  async ping(): Promise<void> {
    this.#query('ping', (db) => {
      db.prepare('SELECT 1').get();
    });
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    this.#db.close();
  }

  protected override run<T>(operation: string, work: (db: DatabaseSync) => T): T {
    return this.#query(operation, work);
  }

  /** Every call goes through here: refused once closed, and SQLite's errors become StoreErrors. */
  #query<T>(operation: string, run: (db: DatabaseSync) => T): T {
    if (this.#closed) throw storeClosed(operation);
    try {
      return run(this.#db);
    } catch (error) {
      throw queryFailed(operation, error);
    }
  }
}

/** Node's and SQLite's wording for the two usual set-up mistakes is cryptic; say what is wrong. */
function openFailureReason(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const { code, syscall, path, errcode } = error as NodeJS.ErrnoException & { errcode?: number };
  if (code === 'EEXIST' && syscall === 'mkdir') return `${path} exists and is not a directory`;
  if (errcode === SQLITE_CANTOPEN) {
    return `${error.message} (is it a directory, or is its directory not writable?)`;
  }
  return error.message;
}
