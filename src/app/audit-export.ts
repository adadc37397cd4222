/**
 * `npm run audit`: decisions and membership changes from DATABASE_URL's store, oldest first,
 * read in pages and written as they come (bounded memory for any period). The store's own
 * messages never show the URL's password; nothing in the log is secret.
 */
import { existsSync } from 'node:fs';
import type { Writable } from 'node:stream';
import { AppError } from '../errors.ts';
import { parseDatabaseUrl } from '../store/database-url.ts';
import { openStore } from '../store/open.ts';
import type { AuditQuery, LinkStore, Store } from '../store/store.ts';
import { AUDIT_USAGE, type AuditExportOptions, parseAuditArgs } from './audit-args.ts';
import { csvHeader, csvLine, jsonLine } from './audit-rows-out.ts';
import { DEFAULT_DATABASE_URL } from './config.ts';

const PAGE = 500;

/** `--person`: an e-mail address (any case) or a chat user id, through the stored links. */
export async function personFilter(
  links: LinkStore,
  person: string,
): Promise<NonNullable<AuditQuery['person']>> {
  const all = await links.listLinks();
  if (person.includes('@')) {
    const email = person.toLowerCase();
    const mine = all.filter((link) => link.email === email);
    return {
      chatUserIds: mine.map((l) => l.chatUserId),
      accessUserIds: [...new Set(mine.map((l) => l.accessUserId))],
      emails: [email],
    };
  }
  const mine = all.filter((link) => link.chatUserId === person);
  return { chatUserIds: [person], accessUserIds: [...new Set(mine.map((l) => l.accessUserId))] };
}

export async function exportAudit(
  store: Store,
  options: AuditExportOptions,
  out: Writable,
): Promise<number> {
  const query: Omit<AuditQuery, 'limit'> = {
    since: options.since,
    until: options.until,
    taskId: options.task,
    person: options.person ? await personFilter(store, options.person) : undefined,
  };
  const line = options.format === 'csv' ? csvLine : jsonLine;
  if (options.format === 'csv') await write(out, csvHeader());
  let after: number | undefined;
  let count = 0;
  for (;;) {
    const page = await store.readAuditLog(query, after, PAGE);
    if (!page.length) return count;
    await write(out, page.map((p) => line(p.entry)).join(''));
    count += page.length;
    after = page.at(-1)!.id;
  }
}

/** Waits when the reader is slower than the store (a pipe to a slow consumer). */
function write(out: Writable, text: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const ok = out.write(text, (error) => (error ? reject(error) : undefined));
    if (ok) resolve();
    else out.once('drain', resolve);
  });
}

/** A SQLite store that is not there: opening it would create an empty one, and export nothing. */
function missingStore(databaseUrl: string): string | undefined {
  const target = parseDatabaseUrl(databaseUrl);
  if (target.kind !== 'sqlite' || (target.file !== ':memory:' && existsSync(target.file))) return;
  return `no accessbot store at ${target.file}: set DATABASE_URL to the store accessbot runs with`;
}

/** The whole command; the exit code: 0 done, 1 no store or the store failed, 2 bad arguments. */
export async function runAuditExport(
  argv: readonly string[],
  env: NodeJS.ProcessEnv,
  out: Writable,
  err: Writable,
): Promise<number> {
  if (argv.includes('--help')) {
    out.write(`${AUDIT_USAGE}\n`);
    return 0;
  }
  let options: AuditExportOptions;
  try {
    options = parseAuditArgs(argv);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    err.write(`audit: ${error.message}\n${AUDIT_USAGE}\n`);
    return 2;
  }
  let store: Store | undefined;
  try {
    const databaseUrl = env.DATABASE_URL || DEFAULT_DATABASE_URL;
    const missing = missingStore(databaseUrl);
    if (missing) {
      err.write(`audit: ${missing}\n`);
      return 1;
    }
    store = await openStore(databaseUrl);
    const count = await exportAudit(store, options, out);
    err.write(`audit: ${count} ${count === 1 ? 'entry' : 'entries'} exported\n`);
    return 0;
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    err.write(`audit: ${error.message}\n`);
    return 1;
  } finally {
    await store?.close();
  }
}
