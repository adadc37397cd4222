/** The audit log: one table for every kind, other kinds' columns null; checked both ways. */
import { z } from 'zod';
import { AuditEntry, AuditOutcome, type AuditQuery } from '../audit-records.ts';
import { StoreError } from '../errors.ts';
import type { AuditStore, DecisionCompletion } from '../roles.ts';
import { checkedInput, join, raw, rowReader, type Sql, type SqlDb, sql } from '../sql.ts';
import {
  appendChained,
  auditHead,
  chainLinks,
  completionChained,
  pruneChained,
  unchained,
} from './audit-chain.ts';

const DEFAULT_AUDIT_LIMIT = 100;
const MAX_AUDIT_LIMIT = 1000;
/** A wait's figures are read from an application's newest decisions, at most these many. */
export const MAX_RANKED_DECISIONS = 1000;

/** Null in older rows or where nothing was known: left out of the entry. */
const OPTIONAL = [
  'taskTitle',
  'appName',
  'requesterName',
  'appId',
  'taskType',
  'taskCreatedAt',
  'decidedBy',
  'levelName',
  'userName',
  'taskStep',
  'taskDueAt',
  'batchId',
] as const;

const Numbered = z.object({
  id: z.number(),
  entry: AuditEntry,
  hash: z.string().nullable(),
  receipt: z.string().nullable(),
});

const toNumbered = rowReader('audit_log', Numbered, {
  shape: ({ id, doneHash, hash, receipt, ...entry }) => {
    for (const field of OPTIONAL) if (entry[field] == null) delete entry[field];
    return { id: Number(id), entry, hash: doneHash ?? hash ?? null, receipt: receipt ?? null };
  },
});

const toNewEntry = rowReader('audit_log', z.object({ id: z.coerce.number().int() }));
const Completion = z.object({ outcome: AuditOutcome, detail: z.string().nullable() });

/**
 * Completes a `started` decision, and no other: its completion is written once, as a link of the
 * chain; `before`, in the same transaction. How many rows each of `before` changed, and whether
 * the decision was completed.
 */
export async function completeChained(
  db: SqlDb,
  operation: string,
  id: number,
  done: DecisionCompletion,
  before: Sql[] = [],
): Promise<{ before: number[]; completed: boolean }> {
  const checked = checkedInput(Completion, done, 'the decision to complete');
  const { reads, write } = completionChained(db, id, checked, before);
  const written = await db.readThenWrite(operation, reads, write);
  return {
    before: written.slice(0, before.length).map((w) => w.changes),
    completed: (written[before.length]?.changes ?? 0) > 0,
  };
}

/** PostgreSQL counts in bigint, which `pg` gives back as text. */
const toCount = rowReader(
  'audit_log',
  z.object({ outcome: z.enum(['approved', 'declined']), n: z.coerce.number().int() }),
);

const toRanked = rowReader(
  'audit_log',
  z.object({ at: z.date(), taskCreatedAt: z.date(), r: z.coerce.number(), n: z.coerce.number() }),
);

/** Larger requests are capped rather than refused: the caller still gets the newest. */
function auditLimit(limit: number | undefined): number {
  if (limit === undefined) return DEFAULT_AUDIT_LIMIT;
  if (!Number.isInteger(limit) || limit < 1) {
    throw new StoreError(
      'STORE_INVALID_INPUT',
      `audit limit must be a positive integer, got ${limit}`,
    );
  }
  return Math.min(limit, MAX_AUDIT_LIMIT);
}

/** `more`: further conditions, e.g. a page's start. */
function auditWhere(query: Omit<AuditQuery, 'limit'>, more: Sql[] = []): Sql {
  const terms: Sql[] = [];
  const anyOf = (column: string, values: readonly string[]) =>
    values.length
      ? [
          sql`${raw(column)} IN (${join(
            values.map((v) => sql`${v}`),
            ', ',
          )})`,
        ]
      : [];
  if (query.taskId !== undefined) terms.push(sql`task_id = ${query.taskId}`);
  // No action asked for: nothing matches.
  if (query.actions) terms.push(anyOf('action', query.actions)[0] ?? raw('1 = 0'));
  if (query.actor) {
    terms.push(
      sql`platform = ${query.actor.platform} AND chat_user_id = ${query.actor.chatUserId}`,
    );
  }
  if (query.by !== undefined) terms.push(sql`access_user_id = ${query.by}`);
  if (query.person) {
    const { chatUserIds, accessUserIds, emails = [] } = query.person;
    const either = [
      ...anyOf('chat_user_id', chatUserIds),
      ...anyOf('access_user_id', accessUserIds),
      ...anyOf('target_user_id', accessUserIds),
      ...anyOf('target_email', emails),
    ];
    // Nobody to look for: nothing matches.
    terms.push(either.length ? sql`(${join(either, ' OR ')})` : raw('1 = 0'));
  }
  if (query.since) terms.push(sql`at >= ${query.since}`);
  if (query.until) terms.push(sql`at < ${query.until}`);
  terms.push(...more);
  return terms.length ? sql`WHERE ${join(terms, ' AND ')}` : raw('');
}

export function auditTables(db: SqlDb): AuditStore {
  return {
    async appendAudit(entry) {
      const valid = checkedInput(AuditEntry, entry, 'the audit entry to append');
      return toNewEntry(await appendChained(db, valid)).id;
    },

    async completeDecision(id, done) {
      return (await completeChained(db, 'completeDecision', id, done)).completed;
    },

    async listAudit(query = {}) {
      const limit = auditLimit(query.limit);
      // `id` breaks ties between entries of the same millisecond: the later append is newer.
      const rows = await db.all(
        'listAudit',
        sql`SELECT * FROM audit_log ${auditWhere(query)} ORDER BY at DESC, id DESC LIMIT ${limit}`,
      );
      return rows.map((row) => toNumbered(row).entry);
    },

    async findReceipt(receipt) {
      const rows = await db.all(
        'findReceipt',
        sql`SELECT * FROM audit_log WHERE receipt = ${receipt} ORDER BY id LIMIT 10`,
      );
      return rows.map(toNumbered);
    },

    auditHead: () => auditHead(db),
    chainLinks: (after, limit) => chainLinks(db, after, auditLimit(limit)),
    unchainedEntry: (genesisId) => unchained(db, genesisId),

    async readAuditLog(query, afterId, limit) {
      const page = auditLimit(limit);
      const after = afterId === undefined ? [] : [sql`id > ${afterId}`];
      const rows = await db.all(
        'readAuditLog',
        sql`SELECT * FROM audit_log ${auditWhere(query, after)} ORDER BY id LIMIT ${page}`,
      );
      return rows.map(toNumbered);
    },

    async countDecisions({ appId, taskType, since }) {
      const rows = await db.all(
        'countDecisions',
        sql`SELECT outcome, count(*) AS n FROM audit_log
            WHERE app_id = ${appId} AND task_type = ${taskType} AND at >= ${since}
              AND outcome IN ('approved', 'declined')
            GROUP BY outcome`,
      );
      const counts = { approved: 0, declined: 0 };
      for (const { outcome, n } of rows.map(toCount)) counts[outcome] = n;
      return counts;
    },

    async decisionWaits({ appId, taskType, since }) {
      // Ranked in SQL (a difference of instants orders in both databases); the median's and the
      // 90th percentile's ranks are ceil(n / 2) and ceil(9n / 10), in integer division.
      const rows = await db.all(
        'decisionWaits',
        sql`SELECT at, task_created_at, r, n FROM (
              SELECT at, task_created_at, count(*) OVER () AS n,
                     row_number() OVER (ORDER BY at - task_created_at, id) AS r
              FROM (SELECT id, at, task_created_at FROM audit_log
                    WHERE app_id = ${appId} AND task_type = ${taskType} AND at >= ${since}
                      AND action IN ('approve', 'decline') AND outcome IN ('approved', 'declined')
                      AND task_created_at IS NOT NULL
                    ORDER BY at DESC LIMIT ${MAX_RANKED_DECISIONS}) recent
            ) ranked
            WHERE r = (n + 1) / 2 OR r = (9 * n + 9) / 10`,
      );
      const ranked = rows.map(toRanked);
      const n = ranked[0]?.n;
      if (!n) return undefined;
      const waitAt = (rank: number) => {
        const row = ranked.find((x) => x.r === rank)!;
        return Math.max(0, row.at.getTime() - row.taskCreatedAt.getTime());
      };
      const half = Math.trunc((n + 1) / 2);
      return { count: n, medianMs: waitAt(half), p90Ms: waitAt(Math.trunc((9 * n + 9) / 10)) };
    },

    pruneAudit: (before) => pruneChained(db, before),
  };
}
