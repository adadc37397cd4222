/**
 * What a measured piece of work asks of the store, counted at node:sqlite (the in-memory store of
 * the path benchmarks): every SQL statement, reads and writes, with the store method that ran it,
 * and the commits (a write outside a transaction is one, a transaction with writes is one): what
 * the disk, or PostgreSQL's log, must make durable. A write to a temporary table (SQLite's side
 * of an UNLOGGED PostgreSQL table) touches neither, so it is listed but makes no commit. Imported
 * before the store is opened.
 */
import { DatabaseSync, StatementSync } from 'node:sqlite';
import type { Store } from '../src/store/store.ts';

export interface Statement {
  method: string;
  sql: string;
  write: boolean;
  /** Written to a temporary table: nothing to make durable. */
  ephemeral: boolean;
}

/** Counted only while `measuring`. */
export const counted = { measuring: false, statements: [] as Statement[], commits: 0 };

let inMethod: string | undefined;
let inTransaction = false;
let transactionWrites = 0;
const temporaryTables = new Set<string>();
const TARGET = /^(?:insert\s+into|update|delete\s+from|replace\s+into)\s+(\w+)/i;
for (const method of ['run', 'get', 'all', 'iterate'] as const) {
  const original = StatementSync.prototype[method] as (...args: unknown[]) => unknown;
  StatementSync.prototype[method] = function (this: StatementSync, ...args: unknown[]) {
    if (counted.measuring) {
      const sql = this.sourceSQL.replace(/\s+/g, ' ').trim();
      const write = /^(insert|update|delete|replace)\b/i.test(sql);
      const ephemeral = temporaryTables.has(TARGET.exec(sql)?.[1]?.toLowerCase() ?? '');
      counted.statements.push({ method: inMethod ?? '?', sql: sql.slice(0, 70), write, ephemeral });
      if (write && !ephemeral && inTransaction) transactionWrites++;
      else if (write && !ephemeral) counted.commits++;
    }
    return original.apply(this, args);
  } as never;
}
const exec = DatabaseSync.prototype.exec;
DatabaseSync.prototype.exec = function (this: DatabaseSync, text: string) {
  for (const [, name] of text.matchAll(
    /create\s+temp(?:orary)?\s+table\s+(?:if\s+not\s+exists\s+)?(\w+)/gi,
  )) {
    temporaryTables.add(name!.toLowerCase());
  }
  if (/^\s*begin\b/i.test(text)) [inTransaction, transactionWrites] = [true, 0];
  if (/^\s*(commit|rollback)\b/i.test(text)) {
    if (/^\s*commit/i.test(text) && transactionWrites && counted.measuring) counted.commits++;
    inTransaction = false;
  }
  return exec.call(this, text);
};

/** Store calls begun, and those not yet answered. */
const calls = { begun: 0, open: 0 };
const waiting = new Map<string, () => void>();

/** Resolves when the next call of the store's `method` has been answered. */
export function answered(method: string): Promise<void> {
  return new Promise((resolve) => waiting.set(method, resolve));
}

/**
 * Once no store call is open and a turn of the event loop began none: the work that led to the
 * last one has ended (the store is in memory; what follows a store call follows it at once).
 */
export async function quiet(): Promise<void> {
  for (let begun = -1; begun !== calls.begun || calls.open; ) {
    begun = calls.begun;
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/** The store, each method named while it runs (one piece of work: nothing else interleaves). */
export function named(store: Store): Store {
  return new Proxy(store, {
    get(target, key, receiver) {
      const value = Reflect.get(target, key, receiver);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        const outer = inMethod;
        inMethod = String(key);
        try {
          const result = value.apply(target, args);
          if (!(result instanceof Promise)) return result;
          calls.begun++;
          calls.open++;
          return result.finally(() => {
            inMethod = outer;
            calls.open--;
            waiting.get(String(key))?.();
            waiting.delete(String(key));
          });
        } finally {
          if (!(value.constructor.name === 'AsyncFunction')) inMethod = outer;
        }
      };
    },
  });
}

/** The statements counted, one line each, and their totals. */
export function printStatements(): void {
  const { statements, commits } = counted;
  const writes = statements.filter((s) => s.write && !s.ephemeral).length;
  const ephemeral = statements.filter((s) => s.ephemeral).length;
  console.log(
    `store statements: ${statements.length} (${statements.length - writes - ephemeral} reads, ${writes} writes in ${commits} commits, ${ephemeral} to temporary tables):`,
  );
  const kind = (s: Statement) => (s.ephemeral ? 'temp ' : s.write ? 'write' : 'read ');
  for (const s of statements) console.log(`  ${kind(s)} ${s.method}: ${s.sql}`);
}
