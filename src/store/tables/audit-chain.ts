/**
 * The audit log's hash chain in SQL: every append and every completion of a decision takes the
 * head row's lock (PostgreSQL: FOR UPDATE; SQLite: the one writer's transaction), so replicas
 * make one chain, and adds its link with one read of the head. Retention moves the checkpoint.
 */
import { z } from 'zod';
import { entryColumns, entryDigest, linkHash, receiptOf } from '../audit-chain.ts';
import { type AuditEntry, AuditHead, type ChainLink } from '../audit-records.ts';
import type { DecisionCompletion } from '../roles.ts';
import {
  insert,
  MAX_STORED_CHARS,
  rowReader,
  type Sql,
  type SqlDb,
  sql,
  storableText,
} from '../sql.ts';

const toHead = rowReader('audit_chain', AuditHead);

const readHead = (db: SqlDb) => sql`SELECT * FROM audit_chain WHERE id = 1 ${db.forUpdate}`;

const moveHead = (link: number, hash: string) =>
  sql`UPDATE audit_chain SET link = ${link}, hash = ${hash},
        entry_id = (SELECT id FROM audit_log WHERE link = ${link} OR done_link = ${link})
      WHERE id = 1`;

/** Appends the entry as the chain's next link; its id. */
export async function appendChained(db: SqlDb, entry: AuditEntry): Promise<unknown> {
  const [inserted] = await db.readThenWrite('appendAudit', [readHead(db)], ([heads]) => {
    const head = toHead(heads?.[0]);
    const link = head.link + 1;
    const digest = entryDigest(entryColumns(entry));
    const hash = linkHash(head.hash, link, digest);
    const chained = {
      ...entry,
      link,
      prevHash: head.hash,
      hash,
      digest,
      receipt: receiptOf(digest),
    };
    return [sql`${insert('audit_log', chained)} RETURNING id`, moveHead(link, hash)];
  });
  return inserted?.rows[0];
}

/**
 * Completing a `started` decision is a link of its own, whose digest is of the whole entry as
 * completed; `before` runs in the same transaction (settling a message with it).
 */
export function completionChained(
  db: SqlDb,
  id: number,
  done: DecisionCompletion,
  before: Sql[] = [],
): { reads: Sql[]; write: (rows: Record<string, unknown>[][]) => Sql[] } {
  return {
    reads: [readHead(db), sql`SELECT * FROM audit_log WHERE id = ${id}`],
    write: ([heads, entries]) => {
      const row = entries?.[0];
      if (row?.outcome !== 'started') return before;
      const head = toHead(heads?.[0]);
      const link = head.link + 1;
      const detail = done.detail === null ? null : storableText(done.detail, MAX_STORED_CHARS);
      const digest = entryDigest({ ...row, outcome: done.outcome, detail });
      const hash = linkHash(head.hash, link, digest);
      return [
        ...before,
        sql`UPDATE audit_log SET outcome = ${done.outcome}, detail = ${detail},
              done_link = ${link}, done_hash = ${hash}, digest = ${digest},
              receipt = ${receiptOf(digest)}
            WHERE id = ${id} AND outcome = 'started' RETURNING id`,
        moveHead(link, hash),
      ];
    },
  };
}

const Cut = z.object({
  cut: z.coerce.number().int(),
  entryHash: z.string().nullable(),
  doneHash: z.string().nullable(),
});

/**
 * Deletes the entries from before `before` and the links before the first entry kept; the hash
 * of the last link deleted becomes the checkpoint, so what is left is verified from there.
 */
export async function pruneChained(db: SqlDb, before: Date): Promise<number> {
  // The first link, in the chain's order, of an entry kept: read along the links' index, it
  // costs the entries that go.
  const cutAt = sql`coalesce((SELECT link FROM audit_log WHERE link IS NOT NULL AND at >= ${before}
                              ORDER BY link LIMIT 1),
                             (SELECT link + 1 FROM audit_chain WHERE id = 1))`;
  const reads = [
    readHead(db),
    sql`SELECT c AS cut, (SELECT hash FROM audit_log WHERE link = c - 1) AS entry_hash,
               (SELECT done_hash FROM audit_log WHERE done_link = c - 1) AS done_hash
        FROM (SELECT ${cutAt} AS c) cut`,
  ];
  const [deleted] = await db.readThenWrite('pruneAudit', reads, ([heads, cuts]) => {
    const head = toHead(heads?.[0]);
    const found = rowReader('audit_log', Cut)(cuts?.[0]);
    const startHash = found.entryHash ?? found.doneHash;
    // A link missing at the cut (the log was tampered with): nothing chained is deleted.
    const moves = found.cut - 1 > head.startLink && startHash !== null;
    const cut = moves ? found.cut : head.startLink + 1;
    return [
      sql`DELETE FROM audit_log WHERE at < ${before}
            AND coalesce(link, 0) < ${cut} AND coalesce(done_link, 0) < ${cut}`,
      ...(moves
        ? [
            sql`UPDATE audit_chain SET start_link = ${cut - 1}, start_hash = ${startHash} WHERE id = 1`,
          ]
        : []),
    ];
  });
  return deleted?.changes ?? 0;
}

export async function auditHead(db: SqlDb): Promise<AuditHead> {
  const [row] = await db.all('auditHead', sql`SELECT * FROM audit_chain WHERE id = 1`);
  return toHead(row);
}

const linkOf = (row: Record<string, unknown>): ChainLink => {
  const completion = Number(row.completion) === 1;
  const completed = row.done_link !== null && row.done_link !== undefined;
  const asStarted = !completion && completed;
  const content = asStarted ? { ...row, outcome: 'started', detail: null } : row;
  const at = row.at instanceof Date ? row.at : new Date(Number(row.at));
  return {
    link: Number(row.chain_link),
    entryId: Number(row.id),
    at,
    completion,
    hash: ((completion ? row.done_hash : row.hash) as string | null) ?? null,
    prevHash: completion ? null : ((row.prev_hash as string | null) ?? null),
    digest: entryDigest(content),
    keptDigest: asStarted ? null : ((row.digest as string | null) ?? null),
    keptReceipt: asStarted ? null : ((row.receipt as string | null) ?? null),
  };
};

/** The links after `after`, in order, at most `limit`: a walk reads the chain page by page. */
export async function chainLinks(db: SqlDb, after: number, limit: number): Promise<ChainLink[]> {
  const rows = await db.all(
    'chainLinks',
    // Each side bounded on its own index: a page costs its own rows, however long the log.
    sql`SELECT * FROM (
          SELECT * FROM (SELECT link AS chain_link, 0 AS completion, a.* FROM audit_log a
                         WHERE link > ${after} ORDER BY link LIMIT ${limit}) appends
          UNION ALL
          SELECT * FROM (SELECT done_link AS chain_link, 1 AS completion, a.* FROM audit_log a
                         WHERE done_link > ${after} ORDER BY done_link LIMIT ${limit}) completions
        ) l ORDER BY chain_link LIMIT ${limit}`,
  );
  return rows.map(linkOf);
}

/** The first entry the chain does not hold though it came after the chain began. */
export async function unchained(db: SqlDb, genesisId: number) {
  const [row] = await db.all(
    'unchained',
    sql`SELECT id, at FROM audit_log WHERE link IS NULL AND done_link IS NULL AND id > ${genesisId}
        ORDER BY id LIMIT 1`,
  );
  return (
    row && rowReader('audit_log', z.object({ id: z.coerce.number().int(), at: z.date() }))(row)
  );
}
