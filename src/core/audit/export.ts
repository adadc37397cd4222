/** The audit log's export (`npm run audit`), read in pages and written as they come. */
import type { Writable } from 'node:stream';
import type {
  AuditQuery,
  AuditStore,
  LinkStore,
  NumberedAuditEntry,
  Store,
} from '../../store/store.ts';
import { csvHeader, csvLine, jsonLine } from './export-rows.ts';

const PAGE = 500;

export interface AuditExportOptions {
  since: Date;
  /** Exclusive. */
  until: Date | undefined;
  format: 'csv' | 'json';
  person: string | undefined;
  task: string | undefined;
}

/** `--person`: an e-mail address (any case) or a chat user id, through the stored links. */
async function personFilter(
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
  let count = 0;
  for await (const page of auditPages(store, query)) {
    await write(out, page.map((entry) => line(entry)).join(''));
    count += page.length;
  }
  return count;
}

async function* auditPages(
  store: AuditStore,
  query: Omit<AuditQuery, 'limit'>,
): AsyncGenerator<NumberedAuditEntry[]> {
  let after: number | undefined;
  for (;;) {
    const page = await store.readAuditLog(query, after, PAGE);
    if (!page.length) return;
    yield page;
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
